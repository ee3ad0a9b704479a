import { data, type RouterContextProvider } from "react-router";
import { chapterDiscovery } from "../features/chapters/chapter-discovery.ts";
import { chapterNextStep } from "../features/chapters/chapter-next-step.ts";
import {
  findChapterByPath,
  isFoundListedChapter,
  nextChapterAfter,
  slugOpensFor,
} from "../features/chapters/chapters.server.ts";
import { LOCKED_CHARACTER_IMAGE, characterNamesUnlockedBy } from "../features/characters/characters.server.ts";
import {
  listCommentsPage,
  pageSeenBy,
  parseCommentCursor,
  sharedComments,
} from "../features/comments/comments.server.ts";
import { OLDER_COMMENTS_KEY } from "../features/comments/comment-pages.ts";
import { CLASS_MESSAGES } from "../features/classes/class-messages.ts";
import { consentStateOf, participationRefusal } from "../features/guardians/guardian-consent.server.ts";
import { commentAudiencesOf } from "../features/classes/classes.server.ts";
import { isAdmin } from "../features/admins/admins.server.ts";
import { chapterWithGlossary } from "../features/glossary/glossary.server.ts";
import { chapterPreviewPath } from "../features/seo/link-preview-card.ts";
import { readingComfortOf, withParagraphAnchors } from "../features/reading/reading-comfort.server.ts";
import {
  readingComfortHtml,
  speakAloudButtonHtml,
} from "../features/reading/components/reading-comfort-html.server.tsx";
import { narrationPaths, narrationSummary } from "../features/narration/narrations.server.ts";
import { chapterSlugPath } from "../features/chapters/chapter-links.ts";
import { saveForTripLinkHtml } from "../features/travel/components/save-for-trip-link-html.server.tsx";
import { services } from "../runtime/context.server.ts";
import { htmlSentOnce } from "../lib/html-sent-once.server.ts";
import type { ServerNamedModule } from "../lib/client-modules.server.ts";
import type { HtmlSentOnce } from "../lib/html-sent-once.ts";
import { getReaderFacts, getUser, requireUser } from "../access/session.server.ts";

/** The chapter's text under the names its views read: the HTML (null when the page carries it) and its key. */
const chapterText = ({ key, html }: HtmlSentOnce) => ({ contentHtml: html, contentKey: key });

type ChapterRequest = { url: URL; context: Readonly<RouterContextProvider>; request?: Request };

/**
 * The chapter at this address, if this reader may open it: by its printed token path always, by
 * its slug once open to them (or for everyone when forced); anything else is a 404.
 */
export async function openChapter({ url, context }: ChapterRequest) {
  const { db, env, contentCache } = services(context);
  // Content, kept between page views (app/lib/content-cache.server.ts): shared, never changed here.
  const found = await contentCache.remember(`chapter-at:${url.pathname}`, () => findChapterByPath(db, url.pathname));
  if (!found) throw data(null, { status: 404 });
  const { chapter, viaToken } = found;
  const user = chapter.requiresSignIn ? await requireUser({ url, context }) : await getUser(context);
  // The printed token always opens its chapter (and the root loader unlocks it); the slug only
  // once the chapter is open to this reader, or for everyone when forced. A slug unlocks nothing.
  if (
    !viaToken &&
    !(await slugOpensFor(db, chapter, { userId: user?.id ?? null, forceUnlocked: env.CHAPTERS_FORCE_UNLOCKED }))
  )
    throw data(null, { status: 404 });
  return { chapter, viaToken, user };
}

/**
 * What a chapter page shows, joined from six features (chapters, comments, guardians, characters,
 * admins, seo), which may not import each other (docs/decisions/006): each step is a call into one.
 */
export async function chapterPageData(args: ChapterRequest) {
  const { chapter, viaToken, user } = await openChapter(args);
  const { db, mailer, contentCache, commentCache } = services(args.context);
  const namesUnlockedBy = (path: string) =>
    contentCache.remember(`names-unlocked-by:${path}`, () => characterNamesUnlockedBy(db, path));
  // What the page asks about its reader is kept with their session (decision 041).
  const facts = user ? await getReaderFacts(args.context) : null;
  // Which comments this reader may see is decided here, on the server (held ones: author and
  // admins; a class's comments reach only that class and its teacher, decision 036), from the
  // chapter's comments kept once for everyone (decision 041); listCommentsPage when those were
  // cut short. An older page (`?antes=`, decision 059) is asked with the same rules, never kept.
  const admin = facts?.isAdmin ?? false;
  const viewer = { userId: user?.id ?? null, isAdmin: admin, audiences: facts?.audiences.see ?? [] };
  // Not a cursor (mistyped, cut short): the newest page, as the chapter's own address shows.
  const before = parseCommentCursor(args.url.searchParams.get(OLDER_COMMENTS_KEY));
  const [page, next, contentHtml, reading, narration, inTripCopy] = await Promise.all([
    before
      ? listCommentsPage(db, chapter.slug, viewer, before)
      : commentCache
          .remember(`comments:${chapter.slug}`, () => sharedComments(db, chapter.slug))
          .then((shared) => pageSeenBy(shared, viewer) ?? listCommentsPage(db, chapter.slug, viewer)),
    contentCache.remember(`chapter-after:${chapter.id}`, () => nextChapterAfter(db, chapter)),
    // The chapter's text with its glossary words marked, its paragraphs anchored for 'Seguir donde
    // me quedé' (decision 076), then the words' cards after it (decision 077): content, kept like
    // the chapter. Only the text's own paragraphs are numbered: the cards keep their ids.
    contentCache.remember(`chapter-glossary:${chapter.id}`, () =>
      chapterWithGlossary(db, chapter.contentHtml).then(
        ({ textHtml, cardsHtml }) => withParagraphAnchors(textHtml) + cardsHtml,
      ),
    ),
    // 'Aa' settings and the reader's kept place.
    readingComfortOf(db, user?.id ?? null, chapter, args.request?.headers.get("Cookie") ?? null),
    contentCache.remember(`narration-of:${chapter.id}`, () => narrationSummary(db, chapter.id)),
    // 'Guardar para el viaje' is offered on a chapter the trip's copy keeps: one this reader found.
    user ? isFoundListedChapter(db, user.id, chapter.id) : false,
  ]);
  const consent = user ? consentStateOf(facts?.consent ?? null, { mailAvailable: mailer.enabled }) : null;
  // The next chapter's token path stays here: only its hint, number, title and the names of the
  // characters its code unlocks reach the page.
  const nextStep = chapterNextStep(chapter, next, next ? await namesUnlockedBy(next.tokenPath) : []);
  // A visitor who scanned its code: what an account would keep (the scan is remembered, /qr).
  const discovery =
    viaToken && !user
      ? chapterDiscovery(chapter, await namesUnlockedBy(chapter.requiredUrl), LOCKED_CHARACTER_IMAGE)
      : null;
  const { requiredUrl: _hidden, ...visible } = chapter;
  // Its link preview (by slug, never the token path), named here: the drawing's code stays on the server.
  const preview = chapterPreviewPath(chapter.slug, chapter.version);
  return {
    // Its text and the reading controls travel once: in the HTML on a first load (decision 085).
    chapter: { ...visible, ...chapterText(htmlSentOnce(args.context, args.request, contentHtml)) },
    // The page's controls made into HTML on the server, so none of them is a module of the page:
    // 'Aa', 'Seguir donde me quedé', on a chapter of the reader's copy 'Guardar para el viaje' (a
    // link to the passport, by the chapter's slug: the token path never reaches the page), and
    // the device's voice's 'Léemelo', hidden until the page finds one.
    reading: {
      ...reading.page,
      controls: htmlSentOnce(
        args.context,
        args.request,
        readingComfortHtml(reading.page) +
          (inTripCopy ? saveForTripLinkHtml(chapter) : "") +
          // Without a recording, 'Léemelo' by the device's own voice where it has one (decision 079).
          (narration ? "" : speakAloudButtonHtml()),
      ),
    },
    preview,
    viaToken,
    nextStep,
    discovery,
    comments: page.comments,
    /** Where the next older page starts (null: none), and where this one started (null: the newest). */
    olderComments: page.older,
    commentsBefore: before ? args.url.searchParams.get(OLDER_COMMENTS_KEY) : null,
    signedIn: user !== null,
    isAdmin: admin,
    consent,
    // The comment box's module, with the page's scripts, for a reader the page shows it to (the
    // page shows a waiting notice instead while consent is asked): decision 086.
    preloadModules: (user && consent?.kind !== "waiting" ? ["commentForm"] : []) satisfies ServerNamedModule[],
    // A class's student writes to and reads their class only (decision 036): the list says so.
    commentsNotice: facts?.audiences.postTo ? CLASS_MESSAGES.studentComments : null,
    // Its narration's files sit beside the chapter's slug (decision 074), opened by the page's own
    // rule (openChapter): by the time 'Léemelo' is pressed, a printed code's visit has unlocked
    // the chapter. Only their addresses here, never the token path; nothing loads yet.
    narration: narration
      ? {
          ...narrationPaths(chapterSlugPath(chapter), narration.version),
          label: narration.label,
          title: chapter.title,
        }
      : null,
  };
}

/**
 * What a comment's action needs to know of its author: the same three facts the page reads
 * (consent, the class's audiences, admin), asked of the database itself rather than of the
 * session's kept copy (getReaderFacts, decision 041). A write must see a consent withdrawn or a
 * class closed a moment ago, before the database's notice has reached this instance's copy; a
 * page shown a moment late harms nobody. Read at once with the chapter: each is a trip to the
 * database, and a comment reaches every open page only once they are back (issue 24).
 */
export async function chapterCommentAuthor(args: ChapterRequest, userId: string, intent: FormDataEntryValue | null) {
  const { db } = services(args.context);
  const [{ chapter }, refusal, audiences, admin] = await Promise.all([
    openChapter(args),
    // A child waiting for their family's consent may not post (docs/decisions/011).
    intent === "comment" ? participationRefusal(db, userId) : null,
    // A class's student writes to their class only (decision 036).
    commentAudiencesOf(db, userId),
    isAdmin(db, userId),
  ]);
  return { chapter, refusal, postTo: audiences.postTo, isAdmin: admin };
}

/**
 * Runs a form's action that may change comments, then drops the comments kept on this instance
 * (decision 041), so the page it leads to shows the change even before the database's notice
 * arrives. All chapters': an admin's or a teacher's decision may be on any chapter's comment.
 */
export async function forgettingKeptComments<T>(
  context: Readonly<RouterContextProvider>,
  action: () => Promise<T>,
): Promise<T> {
  try {
    return await action();
  } finally {
    services(context).commentCache.clear();
  }
}
