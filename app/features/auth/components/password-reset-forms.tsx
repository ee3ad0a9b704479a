import { ErrorAndSubmit } from "./error-and-submit.tsx";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_ADVICE } from "../credential-messages.ts";
import { PASSWORD_RESET_MESSAGES as M } from "../password-reset-messages.ts";
import type { NewPasswordResult, ResetRequestResult } from "../password-reset.server.ts";

const useBusy = () => {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST";
};

function Narrow({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="container py-5">
      <div className="row justify-content-center">
        <div className="col-md-7 col-lg-5">
          <h1 className="mb-4 text-center">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}

/** /recuperar-contrasena: the e-mail, then the same answer for every address. */
export function RequestResetPage() {
  const result = useActionData<ResetRequestResult>();
  const busy = useBusy();
  if (result?.sent)
    return (
      <Narrow title={M.requestTitle}>
        <p className="alert alert-success" role="status">
          {M.sent}
        </p>
        <p className="text-center">
          <Link to="/login">Volver a ingresar</Link>
        </p>
      </Narrow>
    );
  return (
    <Narrow title={M.requestTitle}>
      <p>{M.requestIntro}</p>
      <Form method="post">
        <FormField id="email" label="Correo electrónico" error={result?.fieldErrors?.email}>
          {(control) => (
            <input {...control} name="email" type="email" required autoComplete="email" defaultValue={result?.email} />
          )}
        </FormField>
        <ErrorAndSubmit error={result?.error} busy={busy} label={M.requestButton} />
      </Form>
      <p className="text-center mt-4">
        <Link to="/login">Volver a ingresar</Link>
      </p>
    </Narrow>
  );
}

/** /recuperar-contrasena/nueva?token=…: the new password, twice. */
export function NewPasswordPage({ token, linkFailed }: { token: string | null; linkFailed: boolean }) {
  const result = useActionData<NewPasswordResult>();
  const busy = useBusy();
  if (linkFailed || !token || result?.invalidLink)
    return (
      <Narrow title={M.newTitle}>
        <p className="alert alert-warning" role="alert">
          {M.invalidLink}
        </p>
        <p className="text-center">
          <Link to="/recuperar-contrasena" className="btn btn-primary">
            {M.askAgain}
          </Link>
        </p>
      </Narrow>
    );
  const errors = result?.fieldErrors ?? {};
  return (
    <Narrow title={M.newTitle}>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <FormField id="password" label={M.newPassword} error={errors.password} hint={NEW_PASSWORD_ADVICE}>
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              required
              minLength={MIN_PASSWORD_LENGTH}
              maxLength={128}
              autoComplete="new-password"
            />
          )}
        </FormField>
        <FormField id="repeat" label={M.repeatPassword} error={errors.repeat}>
          {(control) => (
            <input {...control} name="repeat" type="password" required maxLength={128} autoComplete="new-password" />
          )}
        </FormField>
        <ErrorAndSubmit error={result?.error} busy={busy} label={M.saveButton} />
      </Form>
    </Narrow>
  );
}
