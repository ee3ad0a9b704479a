import { useEffect, useRef } from "react";
import { Form, Link, data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { authErrorMessage, authResponse, forwardCookies } from "../features/auth/auth-responses.server.ts";
import {
  CREDENTIAL_MESSAGES,
  MIN_PASSWORD_LENGTH,
  parseCredentials,
  type CredentialErrors,
} from "../features/auth/credentials.schema.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { googleConfig } from "../lib/auth.server.ts";
import { personalWordsOf, weakPasswordReason } from "../lib/password-strength.server.ts";
import { services } from "../composition/context.server.ts";
import { getUser, safeRedirectPath } from "../composition/session.server.ts";

type Mode = "login" | "signup";
const modeOf = (url: URL): Mode => (url.searchParams.get("modo") === "registro" ? "signup" : "login");

/** Where to go after signing in: the page that sent the reader here, else home. */
function returnPath(url: URL, request: Request, siteUrl: string): string {
  const explicit = url.searchParams.get("redirectTo");
  if (explicit) return safeRedirectPath(explicit);
  const referer = request.headers.get("referer");
  if (referer?.startsWith(siteUrl + "/")) {
    const from = new URL(referer);
    return safeRedirectPath(from.pathname + from.search);
  }
  return "/";
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { env } = services(context);
  const redirectTo = returnPath(url, request, env.siteUrl);
  if (await getUser(context)) throw redirect(redirectTo);
  return {
    mode: modeOf(url),
    redirectTo,
    googleEnabled: googleConfig(env) !== null,
    googleFailed: url.searchParams.has("error"),
  };
}

type ActionResult = { error?: string; fieldErrors?: CredentialErrors; email?: string };

export async function action({ request, url, context }: Route.ActionArgs) {
  const { auth, env } = services(context);
  const form = await request.formData();
  const redirectTo = safeRedirectPath(String(form.get("redirectTo") ?? ""));

  if (form.get("intent") === "google") {
    if (!googleConfig(env))
      return data<ActionResult>({ error: "El acceso con Google no está disponible por ahora." }, { status: 400 });
    const response = await auth.api.signInSocial({
      body: {
        provider: "google",
        callbackURL: `${env.siteUrl}${redirectTo}`,
        errorCallbackURL: `${env.siteUrl}/login?error=google`,
      },
      headers: request.headers,
      asResponse: true,
    });
    const body = (await response.json().catch(() => null)) as { url?: string } | null;
    if (!response.ok || !body?.url)
      return data<ActionResult>({ error: await authErrorMessage(response) }, { status: 502 });
    return redirect(body.url, { headers: forwardCookies(response) });
  }

  const mode = modeOf(url);
  const parsed = parseCredentials({ email: form.get("email"), password: form.get("password") }, mode);
  const email = typeof form.get("email") === "string" ? String(form.get("email")) : "";
  if (!parsed.ok) return data<ActionResult>({ fieldErrors: parsed.errors, email }, { status: 400 });

  // Limits per address and per account, and the password check, run inside better-auth
  // (app/lib/auth-guards.server.ts), so direct calls to /api/auth meet them too.
  const { email: cleanEmail, password } = parsed.data;
  // Beside the field, before better-auth (whose hook refuses the same for direct calls).
  const weak = mode === "signup" ? weakPasswordReason(password, personalWordsOf(cleanEmail)) : null;
  if (weak) return data<ActionResult>({ fieldErrors: { password: weak }, email }, { status: 400 });
  const response = await authResponse(() =>
    mode === "signup"
      ? auth.api.signUpEmail({
          body: { email: cleanEmail, password, name: cleanEmail.split("@")[0] ?? cleanEmail },
          headers: request.headers,
          asResponse: true,
        })
      : auth.api.signInEmail({
          body: { email: cleanEmail, password },
          headers: request.headers,
          asResponse: true,
        }),
  );
  if (!response.ok) {
    const status = [401, 422, 429].includes(response.status) ? response.status : 400;
    const retryAfter = response.headers.get("Retry-After");
    return data<ActionResult>(
      { error: await authErrorMessage(response), email },
      { status, headers: retryAfter ? { "Retry-After": retryAfter } : undefined },
    );
  }
  return redirect(redirectTo, { headers: forwardCookies(response) });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Ingresar",
    description: "Ingresa o crea tu cuenta para comentar los capítulos y guardar tus desbloqueos.",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, follow",
  });

export default function Login() {
  const { mode, redirectTo, googleEnabled, googleFailed } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = result?.fieldErrors ?? {};
  const lastAlerted = useRef<ActionResult | undefined>(undefined);

  // SPEC.md §8: a failed login or sign-up shows a browser alert 'Error: ' plus the provider's message.
  useEffect(() => {
    if (result?.error && lastAlerted.current !== result) {
      lastAlerted.current = result;
      window.alert(`Error: ${result.error}`);
    }
  }, [result]);

  const otherMode = new URLSearchParams({ ...(mode === "login" ? { modo: "registro" } : {}), redirectTo });
  const signup = mode === "signup";
  return (
    <div className="container py-5 login-page">
      <div className="row justify-content-center">
        <div className="col-md-7 col-lg-5">
          <h1 className="mb-4 text-center">{signup ? "Crea tu cuenta" : "Ingresa"}</h1>

          <Form method="post" className="mb-4">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button
              type="submit"
              name="intent"
              value="google"
              className="btn btn-light border w-100 py-2"
              disabled={!googleEnabled || busy}
            >
              Continuar con Google <span className="badge bg-success ms-2">Recomendado</span>
            </button>
            {!googleEnabled && (
              <p className="small mt-2 mb-0">El acceso con Google no está disponible por ahora; usa tu correo.</p>
            )}
            {googleFailed && (
              <p className="small text-danger mt-2 mb-0" role="alert">
                No pudimos ingresar con Google. Intenta de nuevo o usa tu correo.
              </p>
            )}
          </Form>

          <p className="text-center small">o con tu correo</p>

          <Form method="post" noValidate={false} aria-describedby={result?.error ? "login-error" : undefined}>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <div className="mb-3">
              <label htmlFor="email" className="form-label">
                Correo electrónico
              </label>
              <input
                id="email"
                name="email"
                type="email"
                required
                autoComplete="email"
                defaultValue={result?.email}
                className={`form-control${errors.email ? " is-invalid" : ""}`}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? "email-error" : undefined}
              />
              {errors.email && (
                <div id="email-error" className="invalid-feedback">
                  {errors.email}
                </div>
              )}
            </div>
            <div className="mb-3">
              <label htmlFor="password" className="form-label">
                Contraseña
              </label>
              <input
                id="password"
                name="password"
                type="password"
                required
                minLength={signup ? MIN_PASSWORD_LENGTH : undefined}
                maxLength={128}
                autoComplete={signup ? "new-password" : "current-password"}
                className={`form-control${errors.password ? " is-invalid" : ""}`}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? "password-error" : signup ? "password-hint" : undefined}
              />
              {errors.password ? (
                <div id="password-error" className="invalid-feedback">
                  {errors.password}
                </div>
              ) : (
                signup && (
                  <div id="password-hint" className="form-text">
                    {CREDENTIAL_MESSAGES.passwordTooShort}
                  </div>
                )
              )}
            </div>
            {result?.error && (
              <p id="login-error" className="text-danger" role="alert">
                Error: {result.error}
              </p>
            )}
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              {busy ? "Un momento..." : signup ? "Crear cuenta" : "Ingresar"}
            </button>
          </Form>

          <p className="text-center mt-4">
            {signup ? "¿Ya tienes cuenta? " : "¿No tienes cuenta? "}
            <Link to={`/login?${otherMode}`}>{signup ? "Ingresa" : "Crea una cuenta"}</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
