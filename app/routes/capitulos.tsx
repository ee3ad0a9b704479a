import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/capitulos";
import { CHAPTERS_TOPIC } from "../features/chapters/chapter-topics.ts";
import { listChapterCards, showSpecialChapterCard } from "../features/chapters/chapters.server.ts";
import { ChapterProgressLine, ReadBadge } from "../features/chapters/components/chapter-progress.tsx";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { getUser } from "../access/session.server.ts";
import { useLiveRevalidation } from "../ui/use-live.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = services(context);
  const user = await getUser(context);
  const { cards, unlockedCount, total, specialPath, progress } = await listChapterCards(db, {
    userId: user?.id ?? null,
    forceUnlocked: env.CHAPTERS_FORCE_UNLOCKED,
  });
  // Links use slugs only: the printed token paths never reach a reader's browser from here.
  const showSpecial = Boolean(user) && specialPath !== null && showSpecialChapterCard(unlockedCount, total);
  return { cards, progress, specialPath: showSpecial ? specialPath : null };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Capítulos",
    description:
      "Los capítulos de Valentina y Taquito: escanea el código QR al final de cada capítulo del libro para abrirlo aquí.",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    jsonLd: { "@type": "Book", name: "Valentina y Taquito", inLanguage: "es" },
  });

export default function Capitulos() {
  const { cards, progress, specialPath } = useLoaderData<typeof loader>();
  useLiveRevalidation([CHAPTERS_TOPIC]);
  return (
    <div className="container py-5">
      <h1 className="mb-4">Capítulos</h1>
      {progress && <ChapterProgressLine progress={progress} />}
      <ol className="row g-4 list-unstyled chapter-cards">
        {cards.map((card) => (
          <li key={card.id} className="col-sm-6 col-lg-4">
            <article className={`card h-100 chapter-card${card.unlocked ? "" : " chapter-card-locked"}`}>
              <div className="card-body">
                <p className="chapter-card-number mb-1">{card.number ? `Capítulo ${card.number}` : "Capítulo"}</p>
                <h2 className="h5 card-title">
                  {card.unlocked ? (
                    <Link to={card.path} className="stretched-link">
                      {card.title}
                    </Link>
                  ) : (
                    card.title
                  )}
                </h2>
                {card.free && <span className="badge bg-success mb-2">Gratis</span>}
                {card.found && <ReadBadge />}
                {card.unlocked ? (
                  <p className="card-text">{card.summary}</p>
                ) : (
                  <>
                    <span className="badge bg-secondary mb-2">Bloqueado</span>
                    {/* A locked card's summary is its spoiler-free teaser (listChapterCards). */}
                    {card.summary && <p className="card-text chapter-card-teaser">{card.summary}</p>}
                    <p className="card-text">{card.requiredUrlText}</p>
                  </>
                )}
              </div>
            </article>
          </li>
        ))}
        {specialPath && (
          <li className="col-sm-6 col-lg-4">
            <article className="card h-100 chapter-card chapter-card-special">
              <div className="card-body">
                <h2 className="h5 card-title">
                  <Link to={specialPath} className="stretched-link">
                    Capítulo Especial
                  </Link>
                </h2>
                <p className="card-text">Ahora que terminaste el libro...</p>
              </div>
            </article>
          </li>
        )}
      </ol>
    </div>
  );
}
