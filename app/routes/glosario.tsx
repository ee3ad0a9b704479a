import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/glosario";
import { listChapterCards } from "../features/chapters/chapters.server.ts";
import { GlossaryList } from "../features/glossary/components/glossary-list.tsx";
import { glossaryWordsInChapters } from "../features/glossary/glossary.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { getUser } from "../access/session.server.ts";

/**
 * /glosario: the glossary words this reader has met, those that occur in the chapters open to
 * them (a visitor: the open chapters'). Never a word of a chapter still locked to them: the
 * list would tell what that chapter holds.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, env, contentCache } = services(context);
  const user = await getUser(context);
  const { cards } = await listChapterCards(db, {
    userId: user?.id ?? null,
    forceUnlocked: env.CHAPTERS_FORCE_UNLOCKED,
  });
  const open = cards.filter((card) => card.unlocked).map((card) => card.id);
  // Content, the same for every reader with these chapters open: kept until content changes.
  const words = await contentCache.remember(`glossary-met:${open.join(",")}`, () => glossaryWordsInChapters(db, open));
  return { words, signedIn: user !== null, allOpen: open.length === cards.length };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Glosario",
    description:
      "Las palabras del libro Valentina y Taquito explicadas para niños: cempasúchil, ofrenda, alebrije y más.",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
  });

export default function Glosario() {
  const { words, signedIn, allOpen } = useLoaderData<typeof loader>();
  return (
    <div className="container py-5">
      <h1 className="mb-3">Glosario</h1>
      <p>
        Las palabras del libro que has encontrado en los capítulos, explicadas. En un capítulo, toca una palabra
        subrayada con puntos para ver qué quiere decir.
      </p>
      {!allOpen && (
        <p>
          {signedIn
            ? "Cada capítulo que abras con su código QR te dará palabras nuevas."
            : "Entra con tu cuenta y abre más capítulos para encontrar más palabras."}{" "}
          <Link to="/capitulos">Ver los capítulos</Link>
        </p>
      )}
      <GlossaryList words={words} />
    </div>
  );
}
