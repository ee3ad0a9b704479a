/**
 * A download's Content-Disposition with its name as the reader wrote it: `filename*` (RFC 5987 /
 * RFC 6266) carries the UTF-8 name ('tablero-4.º B Juárez.csv'), which every current browser
 * uses; `filename` an ASCII one for the rest, its accents dropped, not split ('Juarez', never
 * 'Jua-rez').
 */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${rfc5987(safeFileName(fileName))}`;
}

/** Letters without their accents, digits, dots and dashes; anything else a single dash. */
export function asciiFileName(fileName: string): string {
  return (
    fileName
      // NFKD also turns 'º' and 'ª' into 'o' and 'a', and full-width letters into plain ones.
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .replace(/[^A-Za-z0-9.]+/g, "-")
      .replace(/-*\.-*/g, ".")
      .replace(/^[-.]+|-+$/g, "") || "descarga"
  );
}

/** No path separators, control characters or what file systems refuse; spaces kept. */
const safeFileName = (fileName: string) => fileName.normalize("NFC").replace(/[\p{Cc}\\/:*?"<>|]+/gu, "-");

/** RFC 5987 ext-value: UTF-8, percent-encoded except its attr-chars. */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
