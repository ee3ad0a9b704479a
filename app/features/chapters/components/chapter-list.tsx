import { Link, useFetcher } from "react-router";
import { ChapterCodes } from "./chapter-codes.tsx";

export type ChapterListItem = {
  id: string;
  number: number | null;
  title: string;
  slug: string;
  layout: string;
  hidden: boolean;
  /** The QR studio's codes that open the chapter. */
  codes: string[];
};

/** Moves the chapter up or down the book's order, or hides or shows it. */
function ChapterOrderButtons({ chapter, first, last }: { chapter: ChapterListItem; first: boolean; last: boolean }) {
  return (
    <>
      <button
        type="submit"
        name="intent"
        value="up"
        className="btn btn-sm btn-outline-primary"
        disabled={first}
        aria-label={`Subir «${chapter.title}»`}
      >
        ↑
      </button>
      <button
        type="submit"
        name="intent"
        value="down"
        className="btn btn-sm btn-outline-primary"
        disabled={last}
        aria-label={`Bajar «${chapter.title}»`}
      >
        ↓
      </button>
      <button
        type="submit"
        name="intent"
        value={chapter.hidden ? "show" : "hide"}
        className="btn btn-sm btn-outline-secondary"
      >
        {chapter.hidden ? "Mostrar" : "Ocultar"}
      </button>
    </>
  );
}

/** /adminpanel/capitulos: every chapter in order, with reorder, hide and edit. */
export function ChapterList({ chapters, saved }: { chapters: ChapterListItem[]; saved: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  return (
    <div className="container py-5 chapter-editor-list">
      <p className="mb-2">
        <Link to="/adminpanel">← Panel de administración</Link>
      </p>
      <h1 className="mb-3">Capítulos</h1>
      {saved && (
        <p className="text-success" role="status">
          Capítulo guardado.
        </p>
      )}
      <p>
        <Link to="/adminpanel/capitulos/nuevo" className="btn btn-warning">
          Nuevo capítulo
        </Link>
      </p>
      <ol className="list-unstyled">
        {chapters.map((chapter, index) => (
          <li key={chapter.id} className="card card-body mb-2" data-testid="editor-chapter">
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <span className="fw-bold">
                {chapter.number ? `Capítulo ${chapter.number}: ` : ""}
                {chapter.title}
              </span>
              <span className="small">/{chapter.slug}</span>
              {chapter.hidden && <span className="badge bg-secondary">Oculto</span>}
              <ChapterCodes
                codes={chapter.codes}
                title={chapter.title}
                action={`/adminpanel/capitulos/${chapter.id}`}
              />
              <span className="ms-auto d-flex flex-wrap gap-2">
                <fetcher.Form method="post" className="d-flex flex-wrap gap-2">
                  <input type="hidden" name="id" value={chapter.id} />
                  <ChapterOrderButtons chapter={chapter} first={index === 0} last={index === chapters.length - 1} />
                </fetcher.Form>
                <Link
                  to={`/adminpanel/capitulos/${chapter.id}`}
                  className="btn btn-sm btn-primary"
                  aria-label={`Editar «${chapter.title}»`}
                >
                  Editar
                </Link>
              </span>
            </div>
          </li>
        ))}
      </ol>
      {fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && (
        <p className="text-danger" role="alert">
          {fetcher.data.message}
        </p>
      )}
    </div>
  );
}
