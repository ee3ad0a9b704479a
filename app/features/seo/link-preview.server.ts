import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  composePreviewSvg,
  isSiteImage,
  PICTURE_BOX,
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
  type PreviewCard,
} from "./link-preview-card.ts";
import { SITE_NAME } from "./page-meta.ts";

/**
 * Rendered cards, in memory, least recently used first out. Memory rather than files under
 * DATA_DIR: there are few cards (the site, 15 chapters, a few dozen characters: each ~100 KB),
 * they are drawn again in ~100 ms, several instances on PostgreSQL share no data directory, and
 * an edited character needs no old file removed: its version is in the key.
 */
const MAX_CARDS = 64;
const cards = new Map<string, Promise<Buffer>>();

/**
 * Where the site's pictures are: the client build in production (the container has no
 * public/), beside the server bundle (build/server) or under the working directory; public/
 * under the dev server.
 */
const IMAGE_ROOTS = [
  join(import.meta.dirname, "..", "client"),
  join(process.cwd(), "build", "client"),
  join(process.cwd(), "public"),
];

async function readSiteImage(path: string): Promise<Buffer | null> {
  for (const root of IMAGE_ROOTS) {
    try {
      return await readFile(join(root, path));
    } catch {
      // Try the next root.
    }
  }
  return null;
}

/**
 * sharp (libvips) is loaded on the first preview drawn, not at start: ~11 MiB an idle server need
 * not hold (docs/decisions/039).
 */
const loadSharp = () => import("sharp").then((module) => module.default);

/** Reads a picture that is not a site file (an upload kept in the database), or null. */
export type ReadPicture = (path: string) => Promise<Uint8Array | null>;

/** The picture scaled into the card's picture box, with where it lands; null without one. */
async function pictureFor(card: PreviewCard, readOther?: ReadPicture) {
  if (!card.imagePath) return null;
  const source = isSiteImage(card.imagePath)
    ? await readSiteImage(card.imagePath)
    : await readOther?.(card.imagePath).catch(() => null);
  if (!source) return null;
  try {
    // SVGs are drawn at a density that makes them at least as big as the box: sharp, not blurry.
    const sharp = await loadSharp();
    const { data, info } = await sharp(source, { density: 288 })
      .resize({ width: PICTURE_BOX.width, height: PICTURE_BOX.height, fit: "inside" })
      .png()
      .toBuffer({ resolveWithObject: true });
    const left = PICTURE_BOX.left + Math.round((PICTURE_BOX.width - info.width) / 2);
    const top = PICTURE_BOX.top + Math.round((PICTURE_BOX.height - info.height) / 2);
    return { data, left, top, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

async function render(card: PreviewCard, readOther?: ReadPicture): Promise<Buffer> {
  const picture = await pictureFor(card, readOther);
  const svg = composePreviewSvg(card, SITE_NAME, picture);
  const sharp = await loadSharp();
  const base = sharp(Buffer.from(svg)).resize(PREVIEW_WIDTH, PREVIEW_HEIGHT);
  if (picture) base.composite([{ input: picture.data, left: picture.left, top: picture.top }]);
  return base.png({ compressionLevel: 9 }).toBuffer();
}

/**
 * The card's PNG, drawn on first request and then kept (`key` names the card and its version).
 * Requests arriving while it is drawn share the one drawing. `cached` says whether it was kept.
 */
export async function previewPng(
  key: string,
  card: PreviewCard,
  readOther?: ReadPicture,
): Promise<{ png: Buffer; cached: boolean }> {
  const kept = cards.get(key);
  if (kept) {
    cards.delete(key);
    cards.set(key, kept);
    return { png: await kept, cached: true };
  }
  const drawing = render(card, readOther);
  cards.set(key, drawing);
  drawing.catch(() => cards.delete(key));
  while (cards.size > MAX_CARDS) cards.delete(cards.keys().next().value!);
  return { png: await drawing, cached: false };
}

export const YEAR = "public, max-age=31536000, immutable";
/** An address without the current version may change its picture: browsers ask again daily. */
export const DAY = "public, max-age=86400";

/**
 * The HTTP answer for a card: a year of caching when the request names the current version
 * (`?v=`), an ETag for the rest, 304 when the client already holds this version.
 */
export async function previewResponse(
  request: Request,
  options: { key: string; version: string; card: PreviewCard; readOther?: ReadPicture },
): Promise<Response> {
  const etag = `"${options.key.replace(/[^\w.:-]/g, "_")}"`;
  const current = new URL(request.url).searchParams.get("v") === options.version;
  const headers = new Headers({
    "Cache-Control": current ? YEAR : DAY,
    ETag: etag,
  });
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  const { png, cached } = await previewPng(options.key, options.card, options.readOther);
  headers.set("Content-Type", "image/png");
  headers.set("Content-Length", String(png.byteLength));
  headers.set("X-Cache", cached ? "hit" : "miss");
  return new Response(request.method === "HEAD" ? null : new Uint8Array(png), { status: 200, headers });
}
