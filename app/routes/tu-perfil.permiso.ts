import { data } from "react-router";
import type { Route } from "./+types/tu-perfil.permiso";
import type { GuardianResendResult } from "../features/guardians/components/waiting-notice.tsx";
import { consentState } from "../features/guardians/guardian-consent.server.ts";
import { sendGuardianRequest } from "../features/guardians/guardian-request.server.ts";
import { services } from "../runtime/context.server.ts";
import { requireUser } from "../access/session.server.ts";
import { parseGuardianEmail } from "../features/age/age-rule.ts";

/** 'Enviar el correo otra vez': a waiting child asks for a new e-mail to their guardian (rate-limited). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ url, context });
  const { db, guardianMailer, mailer } = services(context);
  const form = await request.formData();
  const guardian = parseGuardianEmail(form.get("guardianEmail"), user.email);
  if (!guardian.ok)
    return data<GuardianResendResult>(
      { ok: false, error: guardian.error, fieldError: guardian.error },
      { status: 400 },
    );
  if ((await consentState(db, user.id, { mailAvailable: mailer.enabled })).kind !== "waiting")
    return data<GuardianResendResult>({ ok: false, error: "Tu cuenta no espera ningún permiso." }, { status: 409 });
  const result = await sendGuardianRequest({ db, mailer: guardianMailer }, user.id, guardian.email);
  return result.ok
    ? ({ ok: true } satisfies GuardianResendResult)
    : data<GuardianResendResult>({ ok: false, error: result.error }, { status: result.status });
}

export function loader() {
  return data("Usa el formulario de tu perfil.", { status: 405 });
}
