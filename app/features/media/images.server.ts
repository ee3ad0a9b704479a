import { createHash } from "node:crypto";
import type { OutputInfo } from "sharp";
import type { Db } from "../../lib/db.server.ts";

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Long side of the stored image: sharp on a phone's screen, small enough for mobile data. */
export const STORED_MAX_SIDE = 1600;

export const UPLOAD_MESSAGES = {
  missing: "Elige una imagen para subir.",
  tooBig: "La imagen pesa más de 5 MB. Redúcela y vuelve a intentarlo.",
  wrongType: "Solo se aceptan imágenes PNG, JPEG o WebP.",
  svg: "Las imágenes SVG no se aceptan: sube una imagen PNG, JPEG o WebP.",
  unreadable: "No pudimos leer la imagen. Prueba con otro archivo PNG, JPEG o WebP.",
} as const;

type Kind = "png" | "jpeg" | "webp";

/** The file's type by its first bytes, never by its name or the browser's word for it. */
export function sniffImage(bytes: Uint8Array): Kind | "svg" | null {
  const at = (offset: number, ...values: number[]) => values.every((value, index) => bytes[offset + index] === value);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).trimStart().toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return "svg";
  return null;
}

export type UploadResult =
  { ok: true; url: string; width: number; height: number } | { ok: false; status: number; error: string };

export const imageUrlOf = (hash: string) => `/media/${hash}.webp`;

/**
 * Checks an upload by its content, re-encodes it to WebP (which also drops metadata such as a
 * phone's GPS position) and stores it once: the same image uploaded twice is one row.
 */
export async function storeUpload(db: Db, bytes: Uint8Array): Promise<UploadResult> {
  if (bytes.byteLength === 0) return { ok: false, status: 400, error: UPLOAD_MESSAGES.missing };
  if (bytes.byteLength > UPLOAD_MAX_BYTES) return { ok: false, status: 413, error: UPLOAD_MESSAGES.tooBig };
  const kind = sniffImage(bytes);
  if (kind === "svg") return { ok: false, status: 415, error: UPLOAD_MESSAGES.svg };
  if (!kind) return { ok: false, status: 415, error: UPLOAD_MESSAGES.wrongType };
  let output: { data: Buffer; info: OutputInfo };
  try {
    // Loaded on the first upload, not at start (docs/decisions/039).
    const { default: sharp } = await import("sharp");
    output = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: "error" })
      .rotate()
      .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, status: 400, error: UPLOAD_MESSAGES.unreadable };
  }
  const hash = createHash("sha256").update(output.data).digest("hex").slice(0, 32);
  await db
    .insertInto("images")
    .values({
      hash,
      content_type: "image/webp",
      data: output.data,
      width: output.info.width,
      height: output.info.height,
    })
    .onConflict((conflict) => conflict.column("hash").doNothing())
    .execute();
  return { ok: true, url: imageUrlOf(hash), width: output.info.width, height: output.info.height };
}

export async function readImage(db: Db, hash: string) {
  return db.selectFrom("images").select(["content_type", "data"]).where("hash", "=", hash).executeTakeFirst();
}
