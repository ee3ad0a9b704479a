import { redirect, useLoaderData, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { FamilyDeviceInvite } from "../features/families/components/family-device-invite.tsx";
import type { Route } from "./+types/login";
import { LoginPage } from "../features/auth/components/login-form.tsx";
import { loginModeOf, requestedReturnPath } from "../features/auth/login-request.ts";
import { DISCOVERY_MOTIVE, LOGIN_REASON_PARAM } from "../lib/public-paths.ts";
import type { LoginReason } from "../features/auth/components/account-benefits.tsx";
import { findChapterByPath } from "../features/chapters/chapters.server.ts";
import { signInWithEmail, startGoogleSignIn } from "../features/auth/sign-in.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { getUser, safeRedirectPath } from "../access/session.server.ts";
import { googleConfig } from "../lib/auth.server.ts";
import { ageQuestion, decideAge } from "../features/age/age-rule.ts";
import { guardianReachOf } from "../features/guardians/guardian-request.server.ts";
import { GOING_SOMEWHERE, welcomePath } from "../features/account/welcome-path.ts";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { env, guardianMailer } = services(context);
  const redirectTo = safeRedirectPath(requestedReturnPath(url, request.headers.get("referer"), env.siteUrl));
  if (await getUser(context)) throw redirect(redirectTo);
  return {
    reason: await loginReason(services(context).db, redirectTo, url.searchParams.get(LOGIN_REASON_PARAM)),
    mode: loginModeOf(url),
    redirectTo,
    googleEnabled: googleConfig(env) !== null,
    googleFailed: url.searchParams.has("error"),
    passwordChanged: url.searchParams.get("contrasena") === "cambiada",
    ageQuestion: ageQuestion(guardianReachOf(guardianMailer)),
  };
}

/**
 * Why the reader was sent here, read from the address alone (a visitor's page may come from the
 * HTML cache, which is keyed by its address): the note a chapter shows a visitor who scanned its
 * code (`?motivo=descubrimiento`), a chapter that needs an account or one open to all, their
 * passport, or the characters. Only the kind of page is sent back, never the path looked up.
 */
async function loginReason(
  db: Parameters<typeof findChapterByPath>[0],
  path: string,
  motive: string | null,
): Promise<LoginReason> {
  const pathname = path.split(/[?#]/)[0]!;
  if (pathname === "/pasaporte") return "passport";
  if (pathname === "/personajes") return "collection";
  const found = pathname !== "/" ? await findChapterByPath(db, pathname) : null;
  if (!found) return null;
  if (motive === DISCOVERY_MOTIVE) return "discovery";
  return found.chapter.requiresSignIn ? "chapter" : "open-chapter";
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const { auth, env, guardianMailer } = services(context);
  const form = await request.formData();
  const redirectTo = safeRedirectPath(String(form.get("redirectTo") ?? ""));
  if (form.get("intent") === "google") {
    return startGoogleSignIn({ auth, env }, { headers: request.headers, redirectTo });
  }
  const mode = loginModeOf(url);
  // The age rule, beside the sign-up form's fields (better-auth's hook asks it again).
  const age =
    mode === "signup"
      ? decideAge(
          { birthYear: form.get("birthYear"), guardianEmail: form.get("guardianEmail") },
          { reach: guardianReachOf(guardianMailer), ownEmail: String(form.get("email") ?? "") },
        )
      : null;
  // A sign-up that was not sent here for a page of its own (a chapter, the passport, the
  // characters: a reader's errand) lands on the welcome that says it worked and asks an adult
  // who the account is for (issue 39). A child's answer goes straight on.
  const welcome =
    mode === "signup" &&
    !GOING_SOMEWHERE.includes(redirectTo.split(/[?#]/)[0]!) &&
    (await loginReason(services(context).db, redirectTo, null)) === null;
  return signInWithEmail(
    { auth },
    {
      signUpLanding: welcome
        ? {
            now: age?.kind === "needs-guardian" ? redirectTo : welcomePath("nueva", redirectTo),
            confirmed: welcomePath("confirmada", redirectTo),
          }
        : undefined,
      mode,
      email: form.get("email"),
      password: form.get("password"),
      birthYear: form.get("birthYear"),
      guardianEmail: form.get("guardianEmail"),
      ageErrors: age?.kind === "invalid" ? age.errors : null,
      headers: request.headers,
      redirectTo,
    },
  );
}

/** The page's title follows its mode: the sign-up form is not titled 'Ingresar' under 'Crea tu cuenta'. */
const LOGIN_TITLES = { login: "Ingresar", signup: "Crea tu cuenta" } as const;

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const title = LOGIN_TITLES[loaderData?.mode ?? "login"];
  return pageMeta({
    title,
    description: "Ingresa o crea tu cuenta para comentar los capítulos y guardar tus desbloqueos.",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, follow",
    // SPEC.md §1: structured data on every screen, this one too.
    jsonLd: {
      "@type": "WebPage",
      name: title,
      description: "Ingresa o crea tu cuenta para comentar los capítulos y guardar tus desbloqueos.",
      inLanguage: "es",
      isPartOf: { "@type": "WebSite", name: "Valentina y Taquito" },
    },
  });
};

export default function Login() {
  // A family's device: a child who lands here picks their picture instead (issue 39).
  const familyDevice = useRouteLoaderData<typeof rootLoader>("root")?.familyDevice;
  return (
    <>
      {familyDevice && <FamilyDeviceInvite />}
      <LoginPage {...useLoaderData<typeof loader>()} />
    </>
  );
}
