/**
 * Link previews (og:image): the 1200×630 PNG cards WhatsApp, Facebook and the rest show beside a
 * shared link. This module is pure: the addresses of the cards and the SVG a card is drawn from.
 * link-preview.server.ts rasterises it with sharp and keeps the result.
 */

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/**
 * The drawing's own revision: part of every card's version, so changing the drawing below gives
 * every card a new address (their old ones are cached for a year by browsers and apps).
 */
export const PREVIEW_DESIGN = 1;

export const PREVIEW_PREFIX = "/vista-previa";

/** What a card shows. Never a chapter's printed token path, nor a character's secrets. */
export type PreviewCard = {
  /** Small line above the title ('Capítulo 3', 'Personaje'). */
  kicker: string;
  title: string;
  subtitle: string;
  /** A picture on this site (`/images/…`), drawn at the right; anything else is left out. */
  imagePath: string | null;
};

/** The site's own card: every page without a card of its own shares it. */
export const SITE_PREVIEW_CARD: PreviewCard = {
  kicker: "El sitio del libro",
  title: "Un viaje al Mictlán en el Día de Muertos",
  subtitle: "Escanea los códigos QR del libro y desbloquea capítulos y personajes.",
  imagePath: "/images/book-cover.svg",
};

/** The version in a card's address: the content's last change and the drawing's revision. */
export const previewVersion = (contentVersion: number | null) =>
  contentVersion === null ? `${PREVIEW_DESIGN}` : `${PREVIEW_DESIGN}.${contentVersion}`;

export const SITE_PREVIEW_PATH = `${PREVIEW_PREFIX}/sitio.png?v=${PREVIEW_DESIGN}`;

/** By slug only (DESIGN.md, "the book as key"): the token path never appears in a preview. */
export const chapterPreviewPath = (slug: string, version: number) =>
  `${PREVIEW_PREFIX}/capitulo/${encodeURIComponent(slug)}.png?v=${previewVersion(version)}`;

export const characterPreviewPath = (id: string, version: number) =>
  `${PREVIEW_PREFIX}/personaje/${encodeURIComponent(id)}.png?v=${previewVersion(version)}`;

/** The name in `<name>.png`, or null when the file is not a PNG name. */
export function previewFileName(file: string | undefined): string | null {
  const match = /^(.+)\.png$/.exec(file ?? "");
  return match?.[1] ?? null;
}

/** Only pictures shipped with the site are read from disk: no other path, no other host. */
export function isSiteImage(path: string | null | undefined): path is string {
  return (
    typeof path === "string" &&
    /^\/images\/[a-z0-9/_-]+\.(svg|png|jpe?g|webp)$/i.test(path) &&
    !path.split("/").includes("..")
  );
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Breaks `text` into at most `maxLines` lines of about `maxChars` characters, at spaces; what
 * does not fit ends in '…'. A word longer than a line is cut. (The font is not measured: the
 * widths are chosen for DejaVu Sans, whose letters are about 0.6 em wide.)
 */
export function wrapLines(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const lines: string[] = [];
  let current = "";
  let truncated = false;
  for (const whole of words) {
    const word = whole.length > maxChars ? `${whole.slice(0, maxChars - 1)}…` : whole;
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) {
      truncated = true;
      break;
    }
  }
  if (!truncated && current) lines.push(current);
  const last = lines.at(-1);
  if (truncated && last !== undefined)
    lines[lines.length - 1] = `${last.length >= maxChars ? last.slice(0, maxChars - 1).trimEnd() : last}…`;
  return lines;
}

/** Bold DejaVu Sans letters average about this many em wide (capitals and accents included). */
const BOLD_EM = 0.62;
const TITLE_SIZES = [64, 56, 48, 42];

/** The biggest title size whose lines (at most 3) fit `widthPx`; the smallest, cut, if none does. */
export function fitTitle(title: string, widthPx: number): { size: number; lines: string[] } {
  const whole = title.replace(/\s+/g, " ").trim();
  for (const size of TITLE_SIZES) {
    const lines = wrapLines(whole, Math.floor(widthPx / (size * BOLD_EM)), 3);
    if (lines.join(" ") === whole) return { size, lines };
  }
  const size = TITLE_SIZES.at(-1)!;
  return { size, lines: wrapLines(whole, Math.floor(widthPx / (size * BOLD_EM)), 3) };
}

/** Where the picture goes, when there is one: the right-hand part of the card. */
export const PICTURE_BOX = { left: 760, top: 90, width: 380, height: 470 };

const FONT = "DejaVu Sans, Liberation Sans, sans-serif";

/** A row of papel picado flags along the top edge, in the site's colours. */
function papelPicado(): string {
  const colours = ["#f39c12", "#c2185b", "#ffd180", "#8e24aa", "#26a69a"];
  const flags: string[] = [];
  for (let index = 0; index < 24; index++) {
    const x = index * 50;
    flags.push(
      `<path d="M${x + 2} 0h46v34l-7.7 8-7.6-8-7.7 8-7.7-8-7.6 8-7.7-8z" fill="${colours[index % colours.length]}"/>`,
    );
  }
  return `<g>${flags.join("")}</g>`;
}

/** Marigold (cempasúchil) flowers in the bottom right corner. */
function marigolds(): string {
  const flowers: [number, number, number][] = [
    [1165, 600, 26],
    [1110, 615, 16],
    [1180, 545, 12],
  ];
  return flowers
    .map(
      ([x, y, r]) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="#e67e22"/><circle cx="${x}" cy="${y}" r="${r * 0.6}" fill="#f39c12"/><circle cx="${x}" cy="${y}" r="${r * 0.22}" fill="#bf360c"/>`,
    )
    .join("");
}

/**
 * The card's drawing. `picture` is where the rasterised picture will be laid (the caller knows
 * its size only after scaling it); without one the text takes the whole width.
 */
export function composePreviewSvg(
  card: PreviewCard,
  siteName: string,
  picture: { left: number; top: number; width: number; height: number } | null,
): string {
  const textX = 80;
  // The text stops 30 px before the picture's frame.
  const textWidth = (picture ? picture.left - 10 - 30 : PREVIEW_WIDTH - 80) - textX;
  const { size: titleSize, lines: titleLines } = fitTitle(card.title, textWidth);
  const subtitleLines = wrapLines(card.subtitle, Math.floor(textWidth / 18), 2);
  let y = 125;
  const parts: string[] = [];
  parts.push(
    `<text x="${textX}" y="${y}" font-family="${FONT}" font-size="30" font-weight="bold" fill="#ffd180" letter-spacing="2">${escapeXml(card.kicker.toUpperCase())}</text>`,
  );
  y += 20;
  for (const line of titleLines) {
    y += Math.round(titleSize * 1.12);
    parts.push(
      `<text x="${textX}" y="${y}" font-family="${FONT}" font-size="${titleSize}" font-weight="bold" fill="#ffffff">${escapeXml(line)}</text>`,
    );
  }
  y += 14;
  for (const line of subtitleLines) {
    y += 38;
    parts.push(
      `<text x="${textX}" y="${y}" font-family="${FONT}" font-size="30" fill="#f3e5f5">${escapeXml(line)}</text>`,
    );
  }
  const frame = picture
    ? `<rect x="${picture.left - 10}" y="${picture.top - 10}" width="${picture.width + 20}" height="${picture.height + 20}" rx="18" fill="#f39c12"/>`
    : "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">`,
    `<defs><linearGradient id="night" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1a1446"/><stop offset="1" stop-color="#4a148c"/></linearGradient></defs>`,
    `<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="url(#night)"/>`,
    papelPicado(),
    marigolds(),
    frame,
    ...parts,
    `<rect x="${textX}" y="${PREVIEW_HEIGHT - 98}" width="90" height="6" rx="3" fill="#c2185b"/>`,
    `<text x="${textX + 110}" y="${PREVIEW_HEIGHT - 80}" font-family="${FONT}" font-size="34" font-weight="bold" fill="#f39c12">${escapeXml(siteName)}</text>`,
    `</svg>`,
  ].join("");
}
