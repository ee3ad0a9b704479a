import type { ReactNode } from "react";
import { HtmlSentOnceBlock } from "../../../ui/html-sent-once-block.tsx";
import { Link } from "react-router";
import { SitePicture } from "../../../ui/picture.tsx";
import type { ChapterData } from "./chapter-views.tsx";

/**
 * Chapters 7–14: title, description, story, number image, two captioned images. A module of its
 * own, loaded by the pages that show it (app/routes/chapter.tsx): chapters 7–14 need an account,
 * so the chapters a visitor lands on first (1–6) do not download it (decision 074).
 */
/** `title`: the chapter's heading (ChapterTitle), made by the page so this module shares no code with it. */
export function SecondLayoutChapter({
  chapter,
  title,
  readAloud,
}: {
  chapter: ChapterData;
  title: ReactNode;
  readAloud?: ReactNode;
}) {
  // Images carry the content's version (chapter-views.tsx's `versioned`; each src here is set).
  const versioned = (src: string) => `${src}?v=${chapter.version}`;
  return (
    <article>
      <Link to="/capitulos" className="d-inline-block mb-3">
        ← Volver a los capítulos
      </Link>
      <header className="d-flex align-items-center gap-3 mb-3">
        {chapter.numberImage && (
          // The heading beside it says the number: decorative here.
          <img src={versioned(chapter.numberImage)} alt="" width="96" height="96" className="chapter-number" />
        )}
        <div className="chapter-heading">
          {title}
          <p className="lead mb-0">{chapter.description}</p>
        </div>
      </header>
      {readAloud}
      <HtmlSentOnceBlock className="chapter-body" content={{ key: chapter.contentKey, html: chapter.contentHtml }} />
      <div className="row g-4 mt-2">
        {chapter.images.slice(0, 2).map((image) => (
          <figure key={image.src} className="col-md-6 mb-0">
            <SitePicture
              picture={{ src: versioned(image.src), alt: image.alt, width: 400, height: 300 }}
              className="img-fluid rounded"
            />
            <figcaption className="mt-2">{image.description}</figcaption>
          </figure>
        ))}
      </div>
    </article>
  );
}
