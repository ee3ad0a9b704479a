import { ErrorAndSubmit } from "./error-and-submit.tsx";
import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { DISCOVERY_MOTIVE, LOGIN_REASON_PARAM } from "../../../lib/public-paths.ts";
import { BirthYearFields, type AgeQuestion } from "../../../ui/birth-year-fields.tsx";
import { FormField } from "../../../ui/form-field.tsx";
import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_ADVICE } from "../credential-messages.ts";
import type { LoginActionResult, LoginMode, MailNotice } from "../login-request.ts";
import { AccountBenefits, type LoginReason } from "./account-benefits.tsx";
import { PASSWORD_RESET_MESSAGES } from "../password-reset-messages.ts";

type Props = {
  mode: LoginMode;
  redirectTo: string;
  googleEnabled: boolean;
  googleFailed: boolean;
  /** Arrived here right after choosing a new password. */
  passwordChanged?: boolean;
  /** The age question of the sign-up form, as the age rule asks it. */
  ageQuestion: AgeQuestion;
  /** The page the reader came from, when it explains why they need an account. */
  reason?: LoginReason;
};

/**
 * /login: Google first (only when it is configured), then e-mail and password; the same page
 * signs up with `?modo=registro`.
 */
export function LoginPage({
  mode,
  redirectTo,
  googleEnabled,
  googleFailed,
  passwordChanged,
  ageQuestion,
  reason = null,
}: Props) {
  const result = useActionData<LoginActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const lastAlerted = useRef<LoginActionResult | undefined>(undefined);

  // SPEC.md §8: a failed login or sign-up shows a browser alert 'Error: ' plus the provider's message.
  useEffect(() => {
    if (result?.error && lastAlerted.current !== result) {
      lastAlerted.current = result;
      window.alert(`Error: ${result.error}`);
    }
  }, [result]);

  if (result?.checkEmail) return <CheckEmail email={result.checkEmail} notice={result.mailNotice} />;

  const signup = mode === "signup";
  return (
    <div className="container py-5 login-page">
      <div className="row justify-content-center">
        <div className="col-md-7 col-lg-5">
          <h1 className="mb-4 text-center">{signup ? "Crea tu cuenta" : "Ingresa"}</h1>
          {passwordChanged && !signup && (
            <p className="alert alert-success" role="status">
              {PASSWORD_RESET_MESSAGES.changed}
            </p>
          )}
          {!passwordChanged && <AccountBenefits reason={reason} mode={mode} />}

          {/* A sign-in method that is off is not offered at all, let alone recommended. */}
          {googleEnabled && <GoogleSignIn redirectTo={redirectTo} busy={busy} googleFailed={googleFailed} />}

          <EmailPasswordForm
            result={result}
            redirectTo={redirectTo}
            busy={busy}
            signup={signup}
            ageQuestion={ageQuestion}
          />
          {!signup && (
            <p className="text-center mt-3 mb-0">
              <Link to="/recuperar-contrasena">{PASSWORD_RESET_MESSAGES.forgotLink}</Link>
            </p>
          )}

          <p className="text-center mt-4">
            {signup ? "¿Ya tienes cuenta? " : "¿No tienes cuenta? "}
            <Link to={otherModeHref(mode, redirectTo, reason)}>{signup ? "Ingresa" : "Crea una cuenta"}</Link>
          </p>
          {signup && (
            <p className="text-center small">
              Antes de crear tu cuenta, lee <Link to="/privacidad">qué guardamos y por qué</Link>.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** The link to the same page in the other mode (sign in <-> sign up), keeping where to go next and why. */
function otherModeHref(mode: LoginMode, redirectTo: string, reason: LoginReason): string {
  // Home is where a sign-in ends anyway: no return address for it (one address per page).
  const otherMode = new URLSearchParams({
    ...(mode === "login" ? { modo: "registro" } : {}),
    ...(redirectTo !== "/" ? { redirectTo } : {}),
    // Still the same reason in the other mode.
    ...(reason === "discovery" ? { [LOGIN_REASON_PARAM]: DISCOVERY_MOTIVE } : {}),
  });
  return otherMode.size ? `/login?${otherMode}` : "/login";
}

function GoogleSignIn({
  redirectTo,
  busy,
  googleFailed,
}: {
  redirectTo: string;
  busy: boolean;
  googleFailed: boolean;
}) {
  return (
    <>
      <Form method="post" className="mb-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" name="intent" value="google" className="btn btn-light border w-100 py-2" disabled={busy}>
          Continuar con Google <span className="badge bg-success ms-2">Recomendado</span>
        </button>
        {googleFailed && (
          <p className="small text-danger mt-2 mb-0" role="alert">
            No pudimos ingresar con Google. Intenta de nuevo o usa tu correo.
          </p>
        )}
      </Form>

      <p className="text-center small">o con tu correo</p>
    </>
  );
}

type EmailPasswordFormProps = {
  result: LoginActionResult | undefined;
  redirectTo: string;
  busy: boolean;
  signup: boolean;
  ageQuestion: AgeQuestion;
};

/** E-mail and password, plus the age question when signing up. */
function EmailPasswordForm({ result, redirectTo, busy, signup, ageQuestion }: EmailPasswordFormProps) {
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" noValidate={false} aria-describedby={result?.error ? "login-error" : undefined}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormField id="email" label="Correo electrónico" error={errors.email}>
        {(control) => (
          <input {...control} name="email" type="email" required autoComplete="email" defaultValue={result?.email} />
        )}
      </FormField>
      <FormField
        id="password"
        label="Contraseña"
        error={errors.password}
        // Before the first try, and after a refusal beside the error: what a good password is.
        hint={signup ? NEW_PASSWORD_ADVICE : undefined}
      >
        {(control) => (
          <input
            {...control}
            name="password"
            type="password"
            required
            minLength={signup ? MIN_PASSWORD_LENGTH : undefined}
            maxLength={128}
            autoComplete={signup ? "new-password" : "current-password"}
          />
        )}
      </FormField>
      {signup && (
        <BirthYearFields
          // A new key after each answer, so the fields start from what was sent.
          key={result ? JSON.stringify([result.birthYear, result.guardianEmail]) : "new"}
          errors={errors}
          defaults={{ birthYear: result?.birthYear, guardianEmail: result?.guardianEmail }}
          question={ageQuestion}
        />
      )}
      <ErrorAndSubmit
        error={result?.error}
        errorId="login-error"
        busy={busy}
        label={signup ? "Crear cuenta" : "Ingresar"}
      >
        Error: {result?.error}
        {result?.mailNotSent && (
          <>
            {" "}
            <Link to="/contact">Ir a Contacto</Link>
          </>
        )}
      </ErrorAndSubmit>
    </Form>
  );
}

/**
 * After an e-mail sign-up: the same page whether the address was new or already had an account.
 * When the mail server refused the e-mail, the server's notice instead (its words travel with the
 * answer, not in this page's script: issue 41).
 */
function CheckEmail({ email, notice }: { email: string; notice?: MailNotice }) {
  if (notice)
    return (
      <div className="container py-5 login-page">
        <div className="row justify-content-center">
          <div className="col-md-7 col-lg-5" role="status">
            <h1 className="mb-4 text-center">{notice.title}</h1>
            <p>{notice.text}</p>
            <ul>
              {notice.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    );
  return (
    <div className="container py-5 login-page">
      <div className="row justify-content-center">
        <div className="col-md-7 col-lg-5" role="status">
          <h1 className="mb-4 text-center">Revisa tu correo</h1>
          <p>
            Te enviamos un mensaje a <strong>{email}</strong>. Abre el enlace que trae para terminar y entrar.
          </p>
          <p className="small">Si no lo ves en unos minutos, mira en la carpeta de correo no deseado.</p>
        </div>
      </div>
    </div>
  );
}
