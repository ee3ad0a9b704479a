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
import { travelOwnerKey } from "../access/travel-owner.server.ts";
import { parseTravelCookie } from "../lib/travel-copy.ts";
import { Suspense } from "react";
import type { TripOffer } from "../features/travel/components/trip-panel.tsx";
import { lazyInBrowser } from "../ui/lazy-in-browser.ts";
import { tripRequestOf } from "../features/travel/trip-addresses.ts";
import { tripCopyBehind, tripPlanOf } from "../pages/trip-copy.server.ts";

// Composes three features: the chapter list, the character catalogue (locked cards already
// stripped of their details, decision 015) and the reader's clan.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(context);
  if (!user) return { passport: null, clanHref: "/tu-perfil", trip: null };
  const { db, env } = services(context);
  const [chapters, catalogue, profile, childReader, started] = await Promise.all([
    listChapterCards(db, { userId: user.id, forceUnlocked: env.CHAPTERS_FORCE_UNLOCKED }),
    readCatalogue(db, user.id),
    getProfile(db, user.id),
    isChildReader(db, user.id),
    // Chapters read in part (issue 44 §3, decision 076).
    startedChapterIds(db, user.id),
  ]);
  // The trip's copy (issue 43): only the chapters this reader unlocked, by their slug paths.
  const found = chapters.cards.filter((card) => card.found);
  const cookieHeader = request.headers.get("Cookie");
  const saved = parseTravelCookie(cookieHeader);
  const owner = travelOwnerKey(user.id);
  // A chapter page's 'Guardar para el viaje' asks the panel to start and to lead back to that
  // chapter: only one of this reader's found chapters, by its slug path; anything else is ignored.
  const asked = tripRequestOf(new URL(request.url));
  const returnChapter = found.find((card) => card.slug === asked.returnSlug);
  const trip: TripOffer = {
    ...(await tripPlanOf(db, user.id, found)),
    saved:
      saved && saved.owner === owner ? { savedAt: saved.savedAt, chapters: saved.chapters, bytes: saved.bytes } : null,
    behind: await tripCopyBehind(db, user.id, cookieHeader),
    startOnArrival: asked.start,
    returnTo: returnChapter ? { path: returnChapter.path, title: returnChapter.title } : null,
  };
  return {
    trip,
    // A child reader chooses their clan on its own page: /tu-perfil is the adult's (issue 22).
    clanHref: childReader ? "/mi-clan" : "/tu-perfil",
    passport: buildPassport({
      chapters: chapters.cards.map((card) => ({ ...card, started: started.has(card.id) })),
      characters: catalogue.characters,
      clan: clanById(profile?.clan ?? 0),
    }),
  };
}

// 'Guardar para el viaje' costs no first-load JavaScript: its module loads after the page's own.
const TripPanel = lazyInBrowser(() =>
  import("../features/travel/components/trip-panel.tsx").then((module) => module.TripPanel),
);

// A saved chapter reads aloud offline: the copy keeps the module of 'Léemelo', loaded when saving.
const loadReadAloud = () => import("../features/narration/read-aloud.ts");
// A comment written without signal is handed to the device's worker by this module (decision 081).
const loadOffline = () => import("../features/comments/worker-outbox.client.ts");

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
    <PassportAlbum
      passport={loaderData.passport}
      clanHref={loaderData.clanHref}
      trip={
        loaderData.trip && (
          <Suspense fallback={null}>
            <TripPanel offer={loaderData.trip} loadReadAloud={loadReadAloud} loadOffline={loadOffline} />
          </Suspense>
        )
      }
    />
  ) : (
    <PassportForVisitor />
  );
}
