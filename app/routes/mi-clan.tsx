import { data, redirect } from "react-router";
import type { Route } from "./+types/mi-clan";
import { saveClan } from "../features/profiles/clan-choice.server.ts";
import { ClanChoice } from "../features/profiles/components/clan-choice.tsx";
import { getProfile } from "../features/profiles/profiles.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { requireUser } from "../access/session.server.ts";

/** The reader's own clan (a child reader's only way to choose it: /tu-perfil is the adult's). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireUser({ url, context });
  const profile = await getProfile(services(context).db, user.id);
  return { clan: profile?.clan ?? 0 };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ url, context });
  const saved = await saveClan(services(context).db, user.id, (await request.formData()).get("clan"));
  if (!saved.ok) return data({ error: saved.error }, { status: 400 });
  throw redirect("/pasaporte");
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Tu clan", path: location.pathname, siteUrl: siteUrlFrom(matches), robots: "noindex, nofollow" });

export default function MiClan({ loaderData }: Route.ComponentProps) {
  return <ClanChoice clan={loaderData.clan} />;
}
