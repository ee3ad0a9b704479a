import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/section3";
import { CommentsSection } from "../features/comments/components/comments-section.tsx";
import { listComments, postComment } from "../features/comments/comments.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../composition/context.server.ts";
import { requireUser } from "../composition/session.server.ts";

const SECTION_ID = "section3";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireUser({ url, context });
  return { comments: await listComments(services(context).db, SECTION_ID) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ url, context });
  const form = await request.formData();
  const { db, live } = services(context);
  const result = await postComment(db, live.publish, {
    userId: user.id,
    sectionId: SECTION_ID,
    text: form.get("text"),
  });
  return result.ok
    ? { ok: true as const }
    : data({ ok: false as const, error: result.error }, { status: result.status });
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
  const { comments } = useLoaderData<typeof loader>();
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
        prompt="¿Qué crees que pasará en este capítulo?"
      />
    </div>
  );
}
