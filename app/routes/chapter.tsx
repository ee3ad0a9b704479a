import { Suspense, useEffect } from "react";
import { HtmlSentOnceBlock } from "../ui/html-sent-once-block.tsx";
import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/chapter";
import { ChapterTitle, FirstLayoutChapter } from "../features/chapters/components/chapter-views.tsx";
import { chapterSlugPath } from "../features/chapters/chapter-links.ts";
import { ReadAloudButton } from "../features/narration/components/read-aloud-button.tsx";
import { ChapterNextStepNote } from "../features/chapters/components/chapter-next-step.tsx";
import { ChapterDiscoveryNote } from "../features/chapters/components/chapter-discovery-note.tsx";
import { CommentsSection } from "../features/comments/components/comments-section.tsx";
import { handleCommentAction } from "../features/comments/comment-actions.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { chapterCommentAuthor, chapterPageData, forgettingKeptComments } from "../pages/chapter-page.server.ts";
import { requireUser } from "../access/session.server.ts";
import { CHAPTERS_TOPIC } from "../features/chapters/chapter-topics.ts";
import { lazyInBrowser } from "../ui/lazy-in-browser.ts";
import { useReadingTracker } from "../features/reading/use-reading-tracker.ts";
import { useLiveRevalidation } from "../ui/use-live.ts";

// Only a child still waiting for their family's consent sees this notice: loaded on demand, so it
// stays out of every other reader's first download (the page's JS budget, scripts/budget.ts).
const WaitingNotice = lazyInBrowser(() =>
  import("../features/guardians/components/waiting-notice.tsx").then((module) => module.WaitingNotice),
);

// Chapters 7–14 (sign-in only): their layout loads with them, not with chapters 1–6 (decision 074).
const SecondLayoutChapter = lazyInBrowser(() =>
  import("../features/chapters/components/chapter-second-layout.tsx").then((module) => module.SecondLayoutChapter),
);

/**
 * The catch-all route: the path is a chapter's printed token path or its slug, looked up in the
 * database; anything else is the 404 page (root ErrorBoundary). What the page shows is gathered
 * from six features by app/pages/chapter-page.server.ts.
 *
 * A scanned code does not unlock here: every full page load unlocks what its address names, in
 * the root loader (app/pages/root-data.server.ts), before this loader runs, so a code that leads
 * to a character or a page unlocks the same way; client-side navigations report themselves to
 * /api/unlocks (UnlockToast). This loader only decides whether the chapter opens.
 */
export const loader = (args: Route.LoaderArgs) => chapterPageData(args);

export const action = (args: Route.ActionArgs) => forgettingKeptComments(args.context, () => commentAction(args));

async function commentAction(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const { db, live, env } = services(args.context);
  const form = await args.request.formData();
  const { chapter, refusal, postTo, isAdmin: admin } = await chapterCommentAuthor(args, user.id, form.get("intent"));
  if (refusal) return data({ ok: false as const, intent: "comment", error: refusal }, { status: 403 });
  const outcome = await handleCommentAction(db, live.publish, {
    user,
    audience: postTo,
    isAdmin: admin,
    sectionId: chapter.slug,
    moderation: env.COMMENTS_MODERATION,
    form,
  });
  return data(outcome.body, { status: outcome.status });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const chapter = loaderData?.chapter;
  // No chapter: the root ErrorBoundary's 404 page sets its own title.
  if (!chapter) return [];
  const siteUrl = siteUrlFrom(matches);
  // The canonical address is the slug, never the printed token path.
  const path = chapterSlugPath(chapter);
  return pageMeta({
    title: chapter.number ? `Capítulo ${chapter.number}: ${chapter.title}` : chapter.title,
    description: chapter.description,
    path,
    siteUrl,
    type: "article",
    robots: chapter.requiresSignIn ? "noindex, nofollow" : undefined,
    image: loaderData.preview,
    jsonLd: {
      "@type": "Chapter",
      name: chapter.title,
      position: chapter.number ?? undefined,
      description: chapter.description,
      inLanguage: "es",
      isPartOf: { "@type": "Book", name: "Valentina y Taquito" },
    },
  });
};

export default function Chapter() {
  const {
    chapter,
    viaToken,
    nextStep,
    discovery,
    comments,
    olderComments,
    commentsBefore,
    signedIn,
    isAdmin: admin,
    consent,
    commentsNotice,
    reading,
    narration,
  } = useLoaderData<typeof loader>();
  const readAloud = narration && <ReadAloudButton narration={narration} />;
  useReadingTracker(reading.trackChapterId, reading.resumeAt);
  // An author's save reaches open pages without a reload.
  useLiveRevalidation([CHAPTERS_TOPIC]);
  useEffect(() => {
    // Reached by its printed token, a first-layout chapter shows its slug in the address bar
    // without navigating (SPEC.md §2); the slug URL opens the same page on reload.
    if (viaToken && chapter.slugRoute)
      window.history.replaceState(window.history.state, "", chapterSlugPath({ slug: chapter.slug }));
  }, [viaToken, chapter.slugRoute, chapter.slug]);

  return (
    <div
      className={`chapter-page chapter-layout-${chapter.layout}${chapter.background ? ` chapter-bg-${chapter.background}` : ""} ${reading.className}`}
    >
      <div className="container py-4">
        {/* 'Aa' and 'Seguir donde me quedé' (issue 44, decision 076): a plain form and a plain link,
            made into HTML on the server, so no module of theirs is asked for while hydrating. On a
            chapter of the reader's trip copy, 'Guardar para el viaje' too (decision 075): a link. */}
        <HtmlSentOnceBlock className="reading-comfort" content={reading.controls} />
        {discovery && <ChapterDiscoveryNote discovery={discovery} />}
        {chapter.layout === "second" ? (
          <Suspense fallback={null}>
            <SecondLayoutChapter
              chapter={chapter}
              title={<ChapterTitle chapter={chapter} className="mb-1" />}
              readAloud={readAloud}
            />
          </Suspense>
        ) : (
          <FirstLayoutChapter chapter={chapter} readAloud={readAloud} />
        )}
        {nextStep && <ChapterNextStepNote step={nextStep} />}
        <CommentsSection
          sectionId={chapter.slug}
          comments={comments}
          older={olderComments}
          olderPage={commentsBefore !== null}
          signedIn={signedIn}
          isAdmin={admin}
          prompt={chapter.commentPrompt}
          notice={commentsNotice}
          blockedNotice={
            consent?.kind === "waiting" ? (
              <Suspense fallback={null}>
                <WaitingNotice guardianEmail={consent.guardianEmail} mail={consent.mail} />
              </Suspense>
            ) : undefined
          }
        />
      </div>
    </div>
  );
}
