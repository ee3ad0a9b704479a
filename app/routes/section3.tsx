import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/section3";
import { isAdmin } from "../features/admins/admins.server.ts";
import { CommentsSection } from "../features/comments/components/comments-section.tsx";
import { CLASS_MESSAGES } from "../features/classes/class-messages.ts";
import { commentAudiencesOf } from "../features/classes/classes.server.ts";
import { handleCommentAction } from "../features/comments/comment-actions.server.ts";
import { listComments } from "../features/comments/comments.server.ts";
import { WaitingNotice } from "../features/guardians/components/waiting-notice.tsx";
import { consentState, participationRefusal } from "../features/guardians/guardian-consent.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { requireUser } from "../access/session.server.ts";

const SECTION_ID = "section3";

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireUser({ url, context });
  const { db, mailer } = services(context);
  const [admin, audiences] = await Promise.all([isAdmin(db, user.id), commentAudiencesOf(db, user.id)]);
  const [comments, consent] = await Promise.all([
    listComments(db, SECTION_ID, { userId: user.id, isAdmin: admin, audiences: audiences.see }),
    consentState(db, user.id, { mailAvailable: mailer.enabled }),
  ]);
  // A class's student reads their class's comments only (decision 036): the list says so.
  return {
    comments,
    isAdmin: admin,
    consent,
    commentsNotice: audiences.postTo ? CLASS_MESSAGES.studentComments : null,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ url, context });
  const form = await request.formData();
  const { db, live, env } = services(context);
  // A child waiting for their family's consent may not post (docs/decisions/011).
  const refusal = form.get("intent") === "comment" ? await participationRefusal(db, user.id) : null;
  if (refusal) return data({ ok: false as const, intent: "comment", error: refusal }, { status: 403 });
  // A class's student writes to their class only (decision 036).
  const { postTo } = await commentAudiencesOf(db, user.id);
  const outcome = await handleCommentAction(db, live.publish, {
    user,
    audience: postTo,
    isAdmin: await isAdmin(db, user.id),
    sectionId: SECTION_ID,
    moderation: env.COMMENTS_MODERATION,
    form,
  });
  return data(outcome.body, { status: outcome.status });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Capítulo de muestra",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

/** SPEC.md §2: a sign-in placeholder chapter with lorem text. */
export default function Section3() {
  const { comments, isAdmin: admin, consent, commentsNotice } = useLoaderData<typeof loader>();
  return (
    <div className="chapter-page container py-4">
      <h1>Capítulo de muestra</h1>
      <p className="lead">Un capítulo que todavía se está escribiendo.</p>
      <div className="chapter-body">
        <p>
          Lorem ipsum de cempasúchil: las velas titilan sobre la ofrenda mientras el papel picado baila con el viento
          del lago. Taquito olfatea el pan de muerto y Valentina anota en su cuaderno cada cosa extraña que ve.
        </p>
        <p>
          Dolor sit amet del Mictlán: aquí irá la siguiente parte de la historia. Mientras tanto, cuéntanos qué crees
          que pasará.
        </p>
      </div>
      <CommentsSection
        sectionId={SECTION_ID}
        comments={comments}
        signedIn
        isAdmin={admin}
        prompt="¿Qué crees que pasará en este capítulo?"
        notice={commentsNotice}
        blockedNotice={
          consent.kind === "waiting" ? (
            <WaitingNotice guardianEmail={consent.guardianEmail} mail={consent.mail} />
          ) : undefined
        }
      />
    </div>
  );
}
