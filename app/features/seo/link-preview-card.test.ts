import { describe, expect, it } from "vitest";
import {
  chapterPreviewPath,
  characterPreviewPath,
  composePreviewSvg,
  escapeXml,
  fitTitle,
  isSiteImage,
  PREVIEW_DESIGN,
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
  previewFileName,
  SITE_PREVIEW_PATH,
  wrapLines,
} from "./link-preview-card.ts";
import { pageMeta } from "./page-meta.ts";

describe("link preview cards", () => {
  it("version every address by the content's last change and the drawing's revision", () => {
    expect(SITE_PREVIEW_PATH).toBe(`/vista-previa/sitio.png?v=${PREVIEW_DESIGN}`);
    expect(chapterPreviewPath("el-mictlan", 1700)).toBe(
      `/vista-previa/capitulo/el-mictlan.png?v=${PREVIEW_DESIGN}.1700`,
    );
    expect(characterPreviewPath("camazotz", 1800)).toBe(
      `/vista-previa/personaje/camazotz.png?v=${PREVIEW_DESIGN}.1800`,
    );
    expect(chapterPreviewPath("el-mictlan", 1701)).not.toBe(chapterPreviewPath("el-mictlan", 1700));
  });

  it("read only `<name>.png` file names", () => {
    expect(previewFileName("taquito.png")).toBe("taquito");
    expect(previewFileName("taquito.svg")).toBeNull();
    expect(previewFileName(".png")).toBeNull();
    expect(previewFileName(undefined)).toBeNull();
  });

  it("draw only pictures shipped with the site", () => {
    expect(isSiteImage("/images/characters/taquito.svg")).toBe(true);
    expect(isSiteImage("/images/chapters/el-mictlan-1.png")).toBe(true);
    expect(isSiteImage("/images/../../etc/passwd.svg")).toBe(false);
    expect(isSiteImage("/media/abc.png")).toBe(false);
    expect(isSiteImage("https://ejemplo.mx/images/x.svg")).toBe(false);
    expect(isSiteImage("")).toBe(false);
    expect(isSiteImage(null)).toBe(false);
  });

  it("wrap text at spaces and end what does not fit with an ellipsis", () => {
    expect(wrapLines("El convento de Santa Ana", 14, 3)).toEqual(["El convento de", "Santa Ana"]);
    expect(wrapLines("uno dos tres cuatro cinco seis", 8, 2)).toEqual(["uno dos", "tres…"]);
    expect(wrapLines("Supercalifragilístico", 8, 2)).toEqual(["Superca…"]);
    expect(wrapLines("   ", 10, 2)).toEqual([]);
  });

  it("shrink a long title before cutting it", () => {
    const short = fitTitle("Camazotz", 640);
    const long = fitTitle("El convento de Santa Ana en Tzintzuntzan, donde suenan las campanas", 640);
    expect(short.lines).toEqual(["Camazotz"]);
    expect(long.size).toBeLessThan(short.size);
    expect(long.lines.length).toBeLessThanOrEqual(3);
  });

  it("escape what an author typed, so a title cannot break the drawing", () => {
    expect(escapeXml(`<Ñandú & "Xólotl">`)).toBe("&#60;Ñandú &#38; &#34;Xólotl&#34;&#62;");
    const svg = composePreviewSvg(
      { kicker: "Personaje", title: "Ñandú <b>", subtitle: "Señora & señor", imagePath: null },
      "Valentina y Taquito",
      null,
    );
    expect(svg).toContain("Ñandú &#60;b&#62;");
    expect(svg).toContain("Señora &#38; señor");
    expect(svg).not.toContain("<b>");
  });

  it("page meta points every page at a 1200×630 PNG preview", () => {
    const meta = pageMeta({ title: "Contacto", path: "/contact", siteUrl: "https://ejemplo.mx" });
    const property = (name: string) =>
      (meta.find((item) => "property" in item && item.property === name) as { content?: string } | undefined)?.content;
    expect(property("og:image")).toBe(`https://ejemplo.mx${SITE_PREVIEW_PATH}`);
    expect(property("og:image:type")).toBe("image/png");
    // The meta writes the card's size out; it must be the size drawn.
    expect([PREVIEW_WIDTH, PREVIEW_HEIGHT]).toEqual([1200, 630]);
    expect(property("og:image:width")).toBe(String(PREVIEW_WIDTH));
    expect(property("og:image:height")).toBe(String(PREVIEW_HEIGHT));
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(meta).toContainEqual({ name: "twitter:image", content: `https://ejemplo.mx${SITE_PREVIEW_PATH}` });
  });
});
