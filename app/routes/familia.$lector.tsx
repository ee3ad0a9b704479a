import { data } from "react-router";
import type { Route } from "./+types/familia.$lector";
import { listChapterAddresses, listChapterCards } from "../features/chapters/chapters.server.ts";
import { chapterName } from "../features/chapters/chapter-links.ts";
import { readCatalogue } from "../features/characters/characters.server.ts";
import { COMMENT_STATUS_LABELS, listCommentsOfAuthor } from "../features/comments/comments-by-author.server.ts";
import { childOfGuardian } from "../features/families/child-readers.server.ts";
import { ChildOverview } from "../features/families/components/child-overview.tsx";
import { FAMILY_MESSAGES, FAMILY_PAGE_HEADERS } from "../features/families/family-messages.ts";
import { pictureById } from "../features/families/family-pictures.ts";
import { buildPassport } from "../features/passport/passport.ts";
import { clanById } from "../features/profiles/clans.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdultReader } from "../access/family-session.server.ts";
import { formatDateTime } from "../lib/dates.ts";

/** One child's passport and comments, for the adult who answers for them (and nobody else). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const user = await requireAdultReader({ url, context });
  const { db, env } = services(context);
  const child = await childOfGuardian(db, user.id, params.lector);
  if (!child) throw data(FAMILY_MESSAGES.notYourChild, { status: 404 });
  const [chapters, catalogue, comments, addresses] = await Promise.all([
    listChapterCards(db, { userId: child.id, forceUnlocked: env.CHAPTERS_FORCE_UNLOCKED }),
    readCatalogue(db, child.id),
    listCommentsOfAuthor(db, child.id),
    listChapterAddresses(db),
  ]);
  const passport = buildPassport({ chapters: chapters.cards, characters: catalogue.characters, clan: clanById(0) });
  const chapterAt = new Map(addresses.map((chapter) => [chapter.slugPath, chapterName(chapter)]));
  return {
    apodo: child.apodo,
    pictureSrc: pictureById(child.picture)?.src ?? "/images/characters/silueta.svg",
    chapters: {
      found: passport.chapters.found,
      total: passport.chapters.total,
      titles: passport.chapters.cards.flatMap((card) => (card.found ? [card.title] : [])),
    },
    characters: {
      found: passport.characters.found,
      total: passport.characters.total,
      names: passport.characters.cards.flatMap((card) => (card.found ? [card.name] : [])),
    },
    comments: comments.map((comment) => ({
      id: comment.id,
      chapter: chapterAt.get(`/${comment.sectionId}`) ?? comment.sectionId,
      text: comment.text,
      status: COMMENT_STATUS_LABELS[comment.status],
      date: formatDateTime(comment.createdAt.toISOString()),
    })),
  };
}

/** Never cached, never a Referer (see FAMILY_PAGE_HEADERS). */
export const headers: Route.HeadersFunction = () => FAMILY_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Pasaporte de un lector de tu familia",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function FamiliaLector({ loaderData }: Route.ComponentProps) {
  return <ChildOverview {...loaderData} />;
}
