import { redirect } from "react-router";
import type { Route } from "./+types/recuperar-contrasena";
import { RequestResetPage } from "../features/auth/components/password-reset-forms.tsx";
import { requestPasswordReset } from "../features/auth/password-reset.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { getUser } from "../access/session.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  if (await getUser(context)) throw redirect("/tu-perfil");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return requestPasswordReset(services(context), { email: form.get("email"), headers: request.headers });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Recuperar contraseña",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, follow",
  });

export default function RecuperarContrasena() {
  return <RequestResetPage />;
}
