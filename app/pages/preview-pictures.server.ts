import type { Db } from "../lib/db.server.ts";
import { readImage } from "../features/media/images.server.ts";
import type { ReadPicture } from "../features/seo/link-preview.server.ts";

/** A link preview's picture when it is an upload (`/media/<hash>.webp`, kept in the database). */
export function uploadedPictures(db: Db): ReadPicture {
  return async (path) => {
    const match = /^\/media\/([0-9a-f]{32})\.webp$/.exec(path);
    const image = match ? await readImage(db, match[1]!) : undefined;
    return image ? image.data : null;
  };
}
