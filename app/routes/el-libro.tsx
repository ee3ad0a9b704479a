import { Link } from "react-router";
import type { Route } from "./+types/el-libro";
import { bookPageContent } from "../features/book/book-page-content.server.ts";
import { services } from "../runtime/context.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { SitePicture } from "../ui/picture.tsx";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = services(context);
  return bookPageContent(env.siteUrl, env.BOOK_URL);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.seo.title ?? "Sobre el libro",
    description: loaderData?.seo.description,
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    type: "book",
    jsonLd: loaderData?.seo.jsonLd,
  });

export default function BookPage({ loaderData: page }: Route.ComponentProps) {
  return (
    <div className="container py-4 book-page">
      <div className="row gy-4 align-items-center page-block">
        <div className="col-md-5 text-center">
          <SitePicture picture={page.cover} priority className="img-fluid book-cover" />
        </div>
        <div className="col-md-7">
          <p className="page-kicker">{page.kicker}</p>
          <h1>{page.title}</h1>
          <p className="lead">{page.summary}</p>
          <p className="book-byline">{page.byline}</p>
          <div className="d-flex flex-wrap gap-2">
            {page.buy && (
              <Link to={page.buy.to} className="btn btn-warning btn-lg">
                {page.buy.label}
              </Link>
            )}
            <Link to={page.firstChapter.to} className="btn btn-outline-primary btn-lg">
              {page.firstChapter.label}
            </Link>
          </div>
        </div>
      </div>

      <section className="page-block" aria-labelledby="trama-titulo">
        <h2 id="trama-titulo">{page.about.heading}</h2>
        {page.about.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>

      <div className="row gy-4">
        <section className="col-lg-6 page-block" aria-labelledby="contenido-titulo">
          <h2 id="contenido-titulo">{page.inside.heading}</h2>
          <ul className="book-features">
            {page.inside.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <section className="col-lg-6 page-block" aria-labelledby="edicion-titulo">
          <h2 id="edicion-titulo">{page.edition.heading}</h2>
          <dl className="book-edition">
            {page.edition.rows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>

      <section className="page-block" aria-labelledby="editorial-titulo">
        <h2 id="editorial-titulo">{page.publisher.heading}</h2>
        {page.publisher.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <div className="d-flex flex-wrap gap-3">
          {page.publisher.logos.map((logo) => (
            <SitePicture key={logo.src} picture={logo} />
          ))}
        </div>
      </section>
    </div>
  );
}
