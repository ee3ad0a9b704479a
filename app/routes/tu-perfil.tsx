import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/tu-perfil";
import { ProfileForm, type ProfileActionResult } from "../features/profiles/components/profile-form.tsx";
import { parseProfileForm } from "../features/profiles/profile.schema.ts";
import { getProfile, saveOwnProfile } from "../features/profiles/profiles.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../composition/context.server.ts";
import { log } from "../lib/log.server.ts";
import { requestId } from "../lib/request.server.ts";
import { requireUser } from "../composition/session.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireUser({ url, context });
  const profile = await getProfile(services(context).db, user.id);
  return {
    email: user.email,
    displayName: profile?.displayName ?? "",
    age: profile?.age ?? null,
    clan: profile?.clan ?? 0,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  // The profile saved is always the session's own: no user id is read from the form.
  const user = await requireUser({ url, context });
  const form = await request.formData();
  const parsed = parseProfileForm({
    displayName: form.get("displayName"),
    age: form.get("age"),
    clan: form.get("clan"),
  });
  if (!parsed.ok) return data<ProfileActionResult>({ ok: false, fieldErrors: parsed.errors }, { status: 400 });
  try {
    await saveOwnProfile(services(context).db, user, parsed.data);
    return { ok: true } satisfies ProfileActionResult;
  } catch (error) {
    log.error("profile save failed", { requestId: requestId(request), error });
    return data<ProfileActionResult>({ ok: false, error: "no pudimos guardar, intenta de nuevo." }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Tu perfil", path: location.pathname, siteUrl: siteUrlFrom(matches), robots: "noindex, nofollow" });

export default function TuPerfil() {
  const profile = useLoaderData<typeof loader>();
  return <ProfileForm profile={profile} />;
}
