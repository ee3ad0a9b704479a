import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.comentarios";
import { ModerationQueue, type ModerationActionResult } from "../features/comments/components/moderation-queue.tsx";
import { listDecisions, listQueue, moderateComment } from "../features/comments/comment-moderation.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { forgettingKeptComments } from "../pages/chapter-page.server.ts";
import { requireAdmin } from "../access/session.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const { db } = services(context);
  const [queue, decisions] = await Promise.all([listQueue(db), listDecisions(db)]);
  return { queue, decisions };
}

export const action = (args: Route.ActionArgs) => forgettingKeptComments(args.context, () => moderationAction(args));

async function moderationAction({ request, url, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ url, context });
  const form = await request.formData();
  const { db, live } = services(context);
  const result = await moderateComment(db, live.publish, {
    adminId: admin.id,
    commentId: form.get("commentId"),
    action: form.get("decision"),
  });
  return result.ok
    ? ({ ok: true } satisfies ModerationActionResult)
    : data<ModerationActionResult>({ ok: false, error: result.error }, { status: result.status });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Comentarios",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function CommentsQueuePage() {
  return <ModerationQueue {...useLoaderData<typeof loader>()} />;
}
