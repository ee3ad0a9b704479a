import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PICTURE_BOX } from "./link-preview-card.ts";
import { previewPng, previewResponse } from "./link-preview.server.ts";

const card = (imagePath: string | null) => ({
  kicker: "Personaje",
  title: "Xólotl, el perro que guía",
  subtitle: "Señor del atardecer",
  imagePath,
});

/** The colour of one pixel of a PNG. */
async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset], data[offset + 1], data[offset + 2]];
}

const RED = [255, 0, 0];
const redSquare = () =>
  sharp({ create: { width: 100, height: 100, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .png()
    .toBuffer();

describe("link preview rendering", () => {
  const centre = { x: PICTURE_BOX.left + PICTURE_BOX.width / 2, y: PICTURE_BOX.top + PICTURE_BOX.height / 2 };

  it("draws a 1200×630 PNG once, then answers from its cache", async () => {
    const key = `prueba:${Math.random()}`;
    const first = await previewPng(key, card(null));
    expect(first.cached).toBe(false);
    expect(await sharp(first.png).metadata()).toMatchObject({ width: 1200, height: 630, format: "png" });
    const second = await previewPng(key, card(null));
    expect(second.cached).toBe(true);
    expect(second.png.equals(first.png)).toBe(true);
  });

  it("lays an uploaded picture in the picture box; without one the box is background", async () => {
    const upload = await redSquare();
    const withPicture = await previewPng(`prueba:${Math.random()}`, card("/media/abc.webp"), async (path) =>
      path === "/media/abc.webp" ? upload : null,
    );
    expect(await pixel(withPicture.png, centre.x, centre.y)).toEqual(RED);
    const missing = await previewPng(`prueba:${Math.random()}`, card("/images/characters/nadie.svg"));
    expect(await pixel(missing.png, centre.x, centre.y)).not.toEqual(RED);
  });

  it("draws a picture shipped with the site, read from its files", async () => {
    const frame = { x: PICTURE_BOX.left + 20, y: PICTURE_BOX.top + 20 };
    const without = await previewPng(`prueba:${Math.random()}`, card(null));
    const withPicture = await previewPng(`prueba:${Math.random()}`, card("/images/characters/valentina.svg"));
    expect(await pixel(withPicture.png, frame.x, frame.y)).not.toEqual(await pixel(without.png, frame.x, frame.y));
  });

  it("answers 304 to a client holding the version, and a year of caching only at the current one", async () => {
    const options = { key: `prueba:${Math.random()}`, version: "1.5", card: card(null) };
    const current = await previewResponse(new Request("http://x/p.png?v=1.5"), options);
    expect(current.headers.get("Content-Type")).toBe("image/png");
    expect(current.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const stale = await previewResponse(new Request("http://x/p.png?v=1.4"), options);
    expect(stale.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(stale.headers.get("X-Cache")).toBe("hit");
    const held = await previewResponse(
      new Request("http://x/p.png?v=1.5", { headers: { "If-None-Match": current.headers.get("ETag")! } }),
      options,
    );
    expect(held.status).toBe(304);
    expect(await held.text()).toBe("");
  });
});
