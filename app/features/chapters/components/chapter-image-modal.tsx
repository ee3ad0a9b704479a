import { DialogModal } from "../../../ui/dialog-modal.tsx";
import { SitePicture } from "../../../ui/picture.tsx";
import type { ChapterImage } from "../../../lib/db-schema.ts";

/**
 * A thumbnail's large image and its description. Its code comes with the first click on a
 * thumbnail, with the modal's (scripts/budget.ts): a reader arriving from a printed code
 * downloads less before the chapter works. `image.src` already carries the content's version.
 */
export function ChapterImageModal({ image, onClose }: { image: ChapterImage | null; onClose: () => void }) {
  return (
    <DialogModal open={image != null} onClose={onClose} labelledBy="chapter-image-title" size="lg">
      {image && (
        <figure className="mb-0">
          <SitePicture
            picture={{ src: image.src, alt: image.alt, width: 800, height: 600 }}
            priority
            className="img-fluid rounded"
          />
          <figcaption className="mt-3">
            <h2 id="chapter-image-title" className="h5">
              {image.alt}
            </h2>
            <p className="mb-0">{image.description}</p>
          </figcaption>
        </figure>
      )}
    </DialogModal>
  );
}
