import type { Route } from "./+types/add-character";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { requireAdmin } from "../lib/session.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  return null;
}

export async function action({ url, context }: Route.ActionArgs) {
  await requireAdmin({ url, context });
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Personajes: agregar o editar", path: location.pathname, siteUrl: siteUrlFrom(matches), robots: "noindex, nofollow" });

export default function AddCharacter() {
  return (
    <div className="container py-5">
      <h1>Agregar o editar personajes</h1>
    </div>
  );
}
