import { useLoaderData } from "react-router";
import type { Route } from "./+types/recuperar-contrasena.nueva";
import { NewPasswordPage } from "../features/auth/components/password-reset-forms.tsx";
import { resetPassword } from "../features/auth/password-reset.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";

/** better-auth sends the e-mail's link here with `?token=…`, or `?error=INVALID_TOKEN` when it is spent or old. */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token"), linkFailed: url.searchParams.has("error") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return resetPassword(services(context), {
    token: form.get("token"),
    password: form.get("password"),
    repeat: form.get("repeat"),
    headers: request.headers,
  });
}

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta({
    title: "Contraseña nueva",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  }),
  // The address holds a reset token: no page it links to may learn it.
  { name: "referrer", content: "no-referrer" },
];

export default function NuevaContrasena() {
  return <NewPasswordPage {...useLoaderData<typeof loader>()} />;
}
