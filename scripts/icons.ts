/**
 * `npm run icons`: renders the home-screen icons from public/icon.svg with sharp. The PNGs are
 * committed (decision 013): the build and the container then need no native image library, and
 * the icons change only when the drawing does. Run it after editing public/icon.svg.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";

const publicDir = resolve(import.meta.dirname, "..", "public");
const svg = readFileSync(join(publicDir, "icon.svg"));

/** The manifest's two sizes, and Apple's home-screen size (iOS ignores the manifest's icons). */
export const ICONS = [
  { file: "icon-192.png", size: 192 },
  { file: "icon-512.png", size: 512 },
  { file: "apple-touch-icon.png", size: 180 },
];

for (const { file, size } of ICONS) {
  // Rendered at the target density, not scaled down from a bitmap, so edges stay sharp.
  await sharp(svg, { density: (72 * size) / 512 })
    .resize(size, size)
    .flatten({ background: "#1a1446" })
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(publicDir, file));
  console.log(`public/${file} (${size}×${size})`);
}
