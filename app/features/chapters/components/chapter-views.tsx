import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { SitePicture } from "../../../ui/picture.tsx";
import type { ChapterPage } from "../chapters.server.ts";

// The image modal's code comes with the first click on a thumbnail, not with the page: a reader
// arriving from a printed code downloads less before the chapter works (scripts/budget.ts).
const DialogModal = lazy(() =>
  import("../../../ui/dialog-modal.tsx").then((module) => ({ default: module.DialogModal })),
);

/** Images carry the content's version, so a changed chapter busts caches but an unchanged one caches. */
export const versioned = (src: string, version: number) => (src ? `${src}?v=${version}` : src);

type ChapterData = Omit<ChapterPage, "requiredUrl">;

/**
 * The page's heading names the chapter as the tab title and the passport do: 'Capítulo 1:
 * Salida a Tzintzuntzan', the number on a small line of its own above the title. The special
 * chapter has no number.
 */
function ChapterTitle({ chapter, className }: { chapter: ChapterData; className?: string }) {
  return (
    <h1 className={className}>
      {chapter.number !== null && (
        <span className="chapter-heading-number">
          Capítulo {chapter.number}
          <span className="visually-hidden">: </span>
        </span>
      )}
      {chapter.title}
    </h1>
  );
}

/** Chapters 1–6 and the special chapter: text, decorative image, thumbnails that open a modal. */
export function FirstLayoutChapter({ chapter }: { chapter: ChapterData }) {
  const [openImage, setOpenImage] = useState<number | null>(null);
  // Mounted at the first opening and kept, so closing still animates and returns the focus.
  const [modalUsed, setModalUsed] = useState(false);
  const selected = openImage === null ? null : chapter.images[openImage];
  return (
    <article className="row g-4">
      <div className="col-lg-9">
        <Link to="/capitulos" className="d-inline-block mb-3">
          ← Volver a los capítulos
        </Link>
        <header>
          <ChapterTitle chapter={chapter} />
          {chapter.subtitle && <p className="lead chapter-subtitle">{chapter.subtitle}</p>}
        </header>
        {chapter.decorativeImage && (
          <img
            src={versioned(chapter.decorativeImage, chapter.version)}
            alt=""
            width="400"
            height="300"
            className="chapter-decoration img-fluid mb-3"
          />
        )}
        <div className="chapter-body" dangerouslySetInnerHTML={{ __html: chapter.contentHtml }} />
      </div>
      {chapter.images.length > 0 && (
        <aside className="col-lg-3" aria-label="Ilustraciones del capítulo">
          <ul className="list-unstyled chapter-thumbnails">
            {chapter.images.map((image, index) => (
              <li key={image.src} className="mb-3">
                <button
                  type="button"
                  className="thumbnail-button"
                  onClick={() => {
                    setModalUsed(true);
                    setOpenImage(index);
                  }}
                  aria-label={`Ver en grande: ${image.alt}`}
                >
                  <SitePicture
                    picture={{ src: versioned(image.src, chapter.version), alt: image.alt, width: 200, height: 150 }}
                    className="img-fluid rounded"
                  />
                </button>
              </li>
            ))}
          </ul>
        </aside>
      )}
      {modalUsed && (
        <Suspense fallback={null}>
          <DialogModal
            open={selected != null}
            onClose={() => setOpenImage(null)}
            labelledBy="chapter-image-title"
            size="lg"
          >
            {selected && (
              <figure className="mb-0">
                <SitePicture
                  picture={{
                    src: versioned(selected.src, chapter.version),
                    alt: selected.alt,
                    width: 800,
                    height: 600,
                  }}
                  priority
                  className="img-fluid rounded"
                />
                <figcaption className="mt-3">
                  <h2 id="chapter-image-title" className="h5">
                    {selected.alt}
                  </h2>
                  <p className="mb-0">{selected.description}</p>
                </figcaption>
              </figure>
            )}
          </DialogModal>
        </Suspense>
      )}
    </article>
  );
}

/** Chapters 7–14: title, description, story, number image, two captioned images. */
export function SecondLayoutChapter({ chapter }: { chapter: ChapterData }) {
  return (
    <article>
      <Link to="/capitulos" className="d-inline-block mb-3">
        ← Volver a los capítulos
      </Link>
      <header className="d-flex align-items-center gap-3 mb-3">
        {chapter.numberImage && (
          // The heading beside it says the number: decorative here.
          <img
            src={versioned(chapter.numberImage, chapter.version)}
            alt=""
            width="96"
            height="96"
            className="chapter-number"
          />
        )}
        <div className="chapter-heading">
          <ChapterTitle chapter={chapter} className="mb-1" />
          <p className="lead mb-0">{chapter.description}</p>
        </div>
      </header>
      <div className="chapter-body" dangerouslySetInnerHTML={{ __html: chapter.contentHtml }} />
      <div className="row g-4 mt-2">
        {chapter.images.slice(0, 2).map((image) => (
          <figure key={image.src} className="col-md-6 mb-0">
            <SitePicture
              picture={{ src: versioned(image.src, chapter.version), alt: image.alt, width: 400, height: 300 }}
              className="img-fluid rounded"
            />
            <figcaption className="mt-2">{image.description}</figcaption>
          </figure>
        ))}
      </div>
    </article>
  );
}
