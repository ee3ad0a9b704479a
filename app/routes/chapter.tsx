import { useEffect } from "react";
import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/chapter";
import { FirstLayoutChapter, SecondLayoutChapter } from "../features/chapters/components/chapter-views.tsx";
import { findChapterByPath, hasUnlockedChapter } from "../features/chapters/chapters.server.ts";
import { CommentsSection } from "../features/comments/components/comments-section.tsx";
import { listComments, postComment } from "../features/comments/comments.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../composition/context.server.ts";
import { getUser, requireUser } from "../composition/session.server.ts";

async function openChapter({ url, context }: { url: URL; context: Route.LoaderArgs["context"] }) {
  const { db, env } = services(context);
  const found = await findChapterByPath(db, url.pathname);
  if (!found) throw data(null, { status: 404 });
  const { chapter, viaToken } = found;
  const user = chapter.requiresSignIn ? await requireUser({ url, context }) : await getUser(context);
  // The printed token always opens its chapter; the slug path only once the chapter is open to this reader.
  if (!viaToken && !env.CHAPTERS_FORCE_UNLOCKED && chapter.number !== 1) {
    if (!user || !(await hasUnlockedChapter(db, user.id, chapter.id))) throw data(null, { status: 404 });
  }
  return { chapter, viaToken, user };
}

export async function loader(args: Route.LoaderArgs) {
  const { chapter, viaToken, user } = await openChapter(args);
  const comments = await listComments(services(args.context).db, chapter.slug);
  const { requiredUrl: _hidden, ...visible } = chapter;
  return { chapter: visible, viaToken, comments, signedIn: user !== null };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const { chapter } = await openChapter(args);
  const form = await args.request.formData();
  if (form.get("intent") !== "comment")
    return data({ ok: false as const, error: "Acción desconocida." }, { status: 400 });
  const { db, live } = services(args.context);
  const result = await postComment(db, live.publish, {
    userId: user.id,
    sectionId: chapter.slug,
    text: form.get("text"),
  });
  return result.ok
    ? { ok: true as const }
    : data({ ok: false as const, error: result.error }, { status: result.status });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const chapter = loaderData?.chapter;
  if (!chapter) return [{ title: "Capítulo | Valentina y Taquito" }, { name: "robots", content: "noindex" }];
  const siteUrl = siteUrlFrom(matches);
  const path = chapter.slugRoute ? `/${chapter.slug}` : location.pathname;
  return pageMeta({
    title: chapter.number ? `Capítulo ${chapter.number}: ${chapter.title}` : chapter.title,
    description: chapter.description,
    path,
    siteUrl,
    type: "article",
    robots: chapter.requiresSignIn ? "noindex, nofollow" : undefined,
    image: chapter.decorativeImage || undefined,
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
  const { chapter, viaToken, comments, signedIn } = useLoaderData<typeof loader>();
  useEffect(() => {
    // Reached by its printed token, a first-layout chapter shows its slug in the address bar
    // without navigating (SPEC.md §2); the slug URL opens the same page on reload.
    if (viaToken && chapter.slugRoute) window.history.replaceState(window.history.state, "", `/${chapter.slug}`);
  }, [viaToken, chapter.slugRoute, chapter.slug]);

  return (
    <div
      className={`chapter-page chapter-layout-${chapter.layout}${chapter.background ? ` chapter-bg-${chapter.background}` : ""}`}
    >
      <div className="container py-4">
        {chapter.layout === "second" ? (
          <SecondLayoutChapter chapter={chapter} />
        ) : (
          <FirstLayoutChapter chapter={chapter} />
        )}
        <CommentsSection
          sectionId={chapter.slug}
          comments={comments}
          signedIn={signedIn}
          prompt={chapter.commentPrompt}
        />
      </div>
    </div>
  );
}
