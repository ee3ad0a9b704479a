import type { Route } from "./+types/pasaporte";
import { listChapterCards } from "../features/chapters/chapters.server.ts";
import { readCatalogue } from "../features/characters/characters.server.ts";
import { clanById } from "../features/profiles/clans.ts";
import { getProfile } from "../features/profiles/profiles.server.ts";
import { isChildReader } from "../features/families/child-readers.server.ts";
import { startedChapterIds } from "../features/reading/reading-comfort.server.ts";
import { buildPassport } from "../features/passport/passport.ts";
import { PassportAlbum, PassportForVisitor } from "../features/passport/components/passport-page.tsx";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { getUser } from "../access/session.server.ts";

// Composes three features: the chapter list, the character catalogue (locked cards already
// stripped of their details, decision 015) and the reader's clan.
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getUser(context);
  if (!user) return { passport: null, clanHref: "/tu-perfil" };
  const { db, env } = services(context);
  const [chapters, catalogue, profile, childReader, started] = await Promise.all([
    listChapterCards(db, { userId: user.id, forceUnlocked: env.CHAPTERS_FORCE_UNLOCKED }),
    readCatalogue(db, user.id),
    getProfile(db, user.id),
    isChildReader(db, user.id),
    // Chapters read in part (issue 44 §3, decision 076).
    startedChapterIds(db, user.id),
  ]);
  return {
    // A child reader chooses their clan on its own page: /tu-perfil is the adult's (issue 22).
    clanHref: childReader ? "/mi-clan" : "/tu-perfil",
    passport: buildPassport({
      chapters: chapters.cards.map((card) => ({ ...card, started: started.has(card.id) })),
      characters: catalogue.characters,
      clan: clanById(profile?.clan ?? 0),
    }),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Tu pasaporte",
    description:
      "Tu álbum de Valentina y Taquito: los capítulos y personajes que has encontrado con los códigos QR del libro.",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function Pasaporte({ loaderData }: Route.ComponentProps) {
  return loaderData.passport ? (
    <PassportAlbum passport={loaderData.passport} clanHref={loaderData.clanHref} />
  ) : (
    <PassportForVisitor />
  );
}
