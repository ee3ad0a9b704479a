import { SitePicture } from "../../../ui/picture.tsx";
import type { AuthorsContent } from "../book-types.ts";

/** The two authors, with portrait and a short bio. */
export function AuthorCards({ content }: { content: AuthorsContent }) {
  return (
    <section className="authors page-block" aria-labelledby="autores-titulo">
      <h2 id="autores-titulo">{content.heading}</h2>
      <p className="lead">{content.intro}</p>
      <div className="row gy-4">
        {content.authors.map((author) => (
          <div className="col-md-6" key={author.name}>
            <article className="card author-card">
              <div className="card-body d-flex flex-column flex-sm-row gap-3 align-items-center align-items-sm-start">
                <SitePicture picture={author.portrait} className="author-portrait rounded" />
                <div>
                  <h3 className="h5 mb-1">{author.name}</h3>
                  <p className="author-role mb-2">{author.role}</p>
                  <p className="mb-0">{author.bio}</p>
                </div>
              </div>
            </article>
          </div>
        ))}
      </div>
    </section>
  );
}
