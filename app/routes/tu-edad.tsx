import { data, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/tu-edad";
import { AgeStepForm, type AgeStepResult } from "../features/profiles/components/age-step-form.tsx";
import { needsBirthYear, saveBirthYear } from "../features/profiles/profiles.server.ts";
import { guardianReachOf, startGuardianConsent } from "../features/guardians/guardian-request.server.ts";
import { ageQuestion, decideAge } from "../features/age/age-rule.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { requireUser, safeRedirectPath } from "../access/session.server.ts";

/** The age step every account without an answer (a Google sign-up) is sent to first. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireUser({ url, context });
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const { db, guardianMailer } = services(context);
  if (!(await needsBirthYear(db, user.id))) throw redirect(redirectTo);
  return { redirectTo, ageQuestion: ageQuestion(guardianReachOf(guardianMailer)) };
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
  const decision = decideAge(
    { birthYear: form.get("birthYear"), guardianEmail: form.get("guardianEmail") },
    { reach: guardianReachOf(guardianMailer), ownEmail: user.email },
  );
  if (decision.kind === "invalid")
    return data<AgeStepResult>({ fieldErrors: decision.errors, ...sent }, { status: 400 });
  // The child's account is marked before the year is saved, so no failure in between leaves a
  // child's year on an account that waits for nobody. Google confirmed the address: the
  // guardian is written to at once (a failure is recorded, and the child's notice says so).
  if (decision.kind === "needs-guardian")
    await startGuardianConsent({ db, mailer: guardianMailer }, user.id, decision.consent, { mailNow: true });
  await saveBirthYear(db, user, decision);
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
