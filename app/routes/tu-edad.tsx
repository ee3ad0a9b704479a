import { data, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/tu-edad";
import { AgeStepForm, type AgeStepResult } from "../features/profiles/components/age-step-form.tsx";
import { needsBirthYear, saveBirthYear } from "../features/profiles/profiles.server.ts";
import { markChildAccount } from "../features/guardians/guardian-consent.server.ts";
import { sendGuardianRequest } from "../features/guardians/guardian-request.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../composition/context.server.ts";
import { requireUser, safeRedirectPath } from "../composition/session.server.ts";
import { AGE_MESSAGES, currentYear, isChildBirthYear, parseBirthYear, parseGuardianEmail } from "../lib/birth-year.ts";

/** The age step every account without an answer (a Google sign-up) is sent to first. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireUser({ url, context });
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (!(await needsBirthYear(services(context).db, user.id))) throw redirect(redirectTo);
  return { redirectTo, year: currentYear() };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ url, context });
  const { db, guardianMailer } = services(context);
  const form = await request.formData();
  const redirectTo = safeRedirectPath(String(form.get("redirectTo") ?? ""));
  // Answered once: a second answer (another tab) cannot turn a child's account into an adult's.
  if (!(await needsBirthYear(db, user.id))) throw redirect(redirectTo);
  const sent = {
    birthYear: String(form.get("birthYear") ?? ""),
    guardianEmail: String(form.get("guardianEmail") ?? ""),
  };
  const birthYear = parseBirthYear(form.get("birthYear"));
  if (birthYear === null)
    return data<AgeStepResult>(
      { fieldErrors: { birthYear: AGE_MESSAGES.birthYearRequired }, ...sent },
      { status: 400 },
    );
  if (!isChildBirthYear(birthYear)) {
    await saveBirthYear(db, user, birthYear);
    throw redirect(redirectTo);
  }
  const guardian = parseGuardianEmail(form.get("guardianEmail"), user.email);
  if (!guardian.ok)
    return data<AgeStepResult>({ fieldErrors: { guardianEmail: guardian.error }, ...sent }, { status: 400 });
  await markChildAccount(db, user.id, guardian.email);
  await saveBirthYear(db, user, birthYear);
  // A failed e-mail is sent again from the child's profile ('Enviar el correo otra vez').
  await sendGuardianRequest({ db, mailer: guardianMailer }, user.id);
  throw redirect(redirectTo);
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Tu año de nacimiento",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function TuEdad() {
  return <AgeStepForm {...useLoaderData<typeof loader>()} />;
}
