import { Link } from "react-router";

export type ChildOverviewProps = {
  apodo: string;
  pictureSrc: string;
  chapters: { found: number; total: number; titles: string[] };
  characters: { found: number; total: number; names: string[] };
  comments: { id: string; chapter: string; text: string; status: string; date: string }[];
};

/** /familia/<lector>: what one of the adult's children has found and written. */
export function ChildOverview({ apodo, pictureSrc, chapters, characters, comments }: ChildOverviewProps) {
  return (
    <div className="container py-4">
      <p>
        <Link to="/familia">← Tu familia</Link>
      </p>
      <div className="d-flex align-items-center gap-3 mb-3">
        <img src={pictureSrc} alt="" width="64" height="64" />
        <h1 className="mb-0">Pasaporte de {apodo}</h1>
      </div>
      <section aria-labelledby="hijo-capitulos" className="mb-4">
        <h2 id="hijo-capitulos" className="h4">
          Capítulos: {chapters.found} de {chapters.total}
        </h2>
        {chapters.titles.length ? (
          <ul data-testid="child-chapters">
            {chapters.titles.map((title) => (
              <li key={title}>{title}</li>
            ))}
          </ul>
        ) : (
          <p>Todavía no ha desbloqueado ningún capítulo.</p>
        )}
      </section>
      <section aria-labelledby="hijo-personajes" className="mb-4">
        <h2 id="hijo-personajes" className="h4">
          Personajes: {characters.found} de {characters.total}
        </h2>
        {characters.names.length > 0 && (
          <ul>
            {characters.names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="hijo-comentarios">
        <h2 id="hijo-comentarios" className="h4">
          Sus comentarios
        </h2>
        {comments.length ? (
          <ul className="list-unstyled">
            {comments.map((comment) => (
              <li key={comment.id} className="card card-body mb-2" data-testid="child-comment">
                <p className="small text-body-secondary mb-1">
                  {comment.chapter} · {comment.date} · <strong>{comment.status}</strong>
                </p>
                <p className="mb-0">{comment.text}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p>Todavía no ha escrito ningún comentario.</p>
        )}
      </section>
    </div>
  );
}
