import { Suspense, useEffect } from "react";
import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/chapter";
import { FirstLayoutChapter, SecondLayoutChapter } from "../features/chapters/components/chapter-views.tsx";
import { chapterSlugPath } from "../features/chapters/chapter-links.ts";
import { ChapterNextStepNote } from "../features/chapters/components/chapter-next-step.tsx";
import { ChapterDiscoveryNote } from "../features/chapters/components/chapter-discovery-note.tsx";
import { isAdmin } from "../features/admins/admins.server.ts";
import { CommentsSection } from "../features/comments/components/comments-section.tsx";
import { commentAudiencesOf } from "../features/classes/classes.server.ts";
import { handleCommentAction } from "../features/comments/comment-actions.server.ts";
import { participationRefusal } from "../features/guardians/guardian-consent.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { chapterPageData, forgettingKeptComments, openChapter } from "../pages/chapter-page.server.ts";
import { requireUser } from "../access/session.server.ts";
import { CHAPTERS_TOPIC } from "../features/chapters/chapter-topics.ts";
import { lazyInBrowser } from "../ui/lazy-in-browser.ts";
import { useLiveRevalidation } from "../ui/use-live.ts";

// Only a child still waiting for their family's consent sees this notice: loaded on demand, so it
// stays out of every other reader's first download (the page's JS budget, scripts/budget.ts).
const WaitingNotice = lazyInBrowser(() =>
  import("../features/guardians/components/waiting-notice.tsx").then((module) => module.WaitingNotice),
);

/**
 * The catch-all route: the path is a chapter's printed token path or its slug, looked up in the
 * database; anything else is the 404 page (root ErrorBoundary). What the page shows is gathered
 * from six features by app/pages/chapter-page.server.ts.
 */
export const loader = (args: Route.LoaderArgs) => chapterPageData(args);

export const action = (args: Route.ActionArgs) => forgettingKeptComments(args.context, () => commentAction(args));

async function commentAction(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const { db, live, env } = services(args.context);
  const form = await args.request.formData();
  // The chapter and what the forms ask about their author, asked at once (reads only): each is a
  // trip to the database, and a comment reaches every open page only once they are back (issue 24).
  const [{ chapter }, refusal, { postTo }, admin] = await Promise.all([
    openChapter(args),
    // A child waiting for their family's consent may not post (docs/decisions/011).
    form.get("intent") === "comment" ? participationRefusal(db, user.id) : null,
    // A class's student writes to their class only (decision 036).
    commentAudiencesOf(db, user.id),
    isAdmin(db, user.id),
  ]);
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
  } = useLoaderData<typeof loader>();
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
      className={`chapter-page chapter-layout-${chapter.layout}${chapter.background ? ` chapter-bg-${chapter.background}` : ""}`}
    >
      <div className="container py-4">
        {discovery && <ChapterDiscoveryNote discovery={discovery} />}
        {chapter.layout === "second" ? (
          <SecondLayoutChapter chapter={chapter} />
        ) : (
          <FirstLayoutChapter chapter={chapter} />
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
