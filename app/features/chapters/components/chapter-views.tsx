import { lazy, Suspense, useState, type ReactNode } from "react";
import { HtmlSentOnceBlock } from "../../../ui/html-sent-once-block.tsx";
import { Link } from "react-router";
import { SitePicture } from "../../../ui/picture.tsx";
import type { ChapterPage } from "../chapters.server.ts";

// The image modal's code, and what it shows, come with the first click on a thumbnail, not with
// the page: a reader arriving from a printed code downloads less before the chapter works
// (scripts/budget.ts; the figure moved there too to make room for 'Léemelo', decision 074).
const ChapterImageModal = lazy(() =>
  import("./chapter-image-modal.tsx").then((module) => ({ default: module.ChapterImageModal })),
);

/** Images carry the content's version, so a changed chapter busts caches but an unchanged one caches. */
export const versioned = (src: string, version: number) => (src ? `${src}?v=${version}` : src);

/**
 * The chapter as its page's data has it: its text is null on a first load, whose HTML carries it
 * (decision 085), and named by `contentKey`.
 */
export type ChapterData = Omit<ChapterPage, "requiredUrl" | "contentHtml"> & {
  contentHtml: string | null;
  contentKey: string;
};

/**
 * The page's heading names the chapter as the tab title and the passport do: 'Capítulo 1:
 * Salida a Tzintzuntzan', the number on a small line of its own above the title. The special
 * chapter has no number.
 */
export function ChapterTitle({ chapter, className }: { chapter: ChapterData; className?: string }) {
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
/** `readAloud`: the narration's button (app/features/narration), under the heading when there is one. */
export function FirstLayoutChapter({ chapter, readAloud }: { chapter: ChapterData; readAloud?: ReactNode }) {
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
        {readAloud}
        {chapter.decorativeImage && (
          <img
            src={versioned(chapter.decorativeImage, chapter.version)}
            alt=""
            width="400"
            height="300"
            className="chapter-decoration img-fluid mb-3"
            // The picture above the text: asked for before the page's scripts, which load while it
            // paints (decision 087) and on six HTTP/1.1 connections would otherwise go first.
            fetchPriority="high"
          />
        )}
        <HtmlSentOnceBlock className="chapter-body" content={{ key: chapter.contentKey, html: chapter.contentHtml }} />
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
          <ChapterImageModal
            image={selected ? { ...selected, src: versioned(selected.src, chapter.version) } : null}
            onClose={() => setOpenImage(null)}
          />
        </Suspense>
      )}
    </article>
  );
}
