import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/tu-perfil";
import { AccountActions } from "../features/account/components/account-actions.tsx";
import { ProfileForm, type ProfileActionResult } from "../features/profiles/components/profile-form.tsx";
import type { ApodoActionResult } from "../features/profiles/components/apodo-form.tsx";
import { APODO_MESSAGES, apodoSuggestions, checkApodo, saveApodo } from "../features/profiles/apodo.server.ts";
import { parseProfileForm } from "../features/profiles/profile.schema.ts";
import { getProfile, saveOwnProfile } from "../features/profiles/profiles.server.ts";
import { chosenDisplayName } from "../features/profiles/shown-name.ts";
import { WaitingNotice } from "../features/guardians/components/waiting-notice.tsx";
import { consentState, participationRefusal } from "../features/guardians/guardian-consent.server.ts";
import { guardianReachOf, startGuardianConsent } from "../features/guardians/guardian-request.server.ts";
import { decideAge } from "../features/age/age-rule.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { log } from "../lib/log.server.ts";
import { requestId } from "../lib/request.server.ts";
import { requireUser, safeRedirectPath } from "../access/session.server.ts";
import { AccountWelcome } from "../features/account/components/account-welcome.tsx";
import { welcomeOf } from "../features/account/welcome-path.ts";
import { guardianRefusal } from "../features/families/family-adult.server.ts";
import { familyAgeRule } from "../pages/family-age.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireUser({ url, context });
  const { db, mailer } = services(context);
  const welcome = welcomeOf(url);
  const [profile, consent, mayBringChildren] = await Promise.all([
    getProfile(db, user.id),
    consentState(db, user.id, { mailAvailable: mailer.enabled }),
    // Asked only of a new account: an adult (by the age rule) who may bring children or a class.
    welcome && guardianRefusal(db, user.id, { mailConfirmation: false, rule: familyAgeRule }).then((no) => !no),
  ]);
  return {
    welcome: welcome && { kind: welcome.kind, askWho: Boolean(mayBringChildren), back: safeRedirectPath(welcome.back) },
    consent,
    email: user.email,
    // An older account's default (its e-mail's local part) is no name it chose: the field starts empty.
    displayName: chosenDisplayName(profile?.displayName ?? "", user.email),
    age: profile?.age ?? null,
    clan: profile?.clan ?? 0,
    apodo: profile?.apodo ?? "",
    // Fresh on every load: 'Otras ideas' reloads the data for new ones.
    apodoSuggestions: apodoSuggestions(user.email),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  // The profile saved is always the session's own: no user id is read from the form.
  const user = await requireUser({ url, context });
  const form = await request.formData();
  const { db, guardianMailer } = services(context);
  if (form.get("intent") === "apodo") {
    // The public name: a child waiting for their family keeps the one they have (decision 011).
    const refusal = await participationRefusal(db, user.id);
    if (refusal) return data<ApodoActionResult>({ intent: "apodo", ok: false, error: refusal }, { status: 403 });
    const checked = checkApodo(form.get("apodo"), user.email);
    if (!checked.ok)
      return data<ApodoActionResult>({ intent: "apodo", ok: false, error: checked.error }, { status: 400 });
    await saveApodo(db, user.id, checked.apodo);
    return { intent: "apodo", ok: true, message: APODO_MESSAGES.saved } satisfies ApodoActionResult;
  }
  const parsed = parseProfileForm({
    displayName: form.get("displayName"),
    age: form.get("age"),
    clan: form.get("clan"),
  });
  if (!parsed.ok) return data<ProfileActionResult>({ ok: false, fieldErrors: parsed.errors }, { status: 400 });
  try {
    // The age rule on the typed age: a child's account from here on (raising the age later does
    // not undo it); the waiting notice then asks for the guardian's e-mail, or shows the family path.
    const decision =
      parsed.data.age === null
        ? null
        : decideAge({ age: parsed.data.age }, { reach: guardianReachOf(guardianMailer), ownEmail: user.email });
    if (decision?.kind === "needs-guardian")
      await startGuardianConsent({ db, mailer: guardianMailer }, user.id, decision.consent, { mailNow: false });
    await saveOwnProfile(db, user, parsed.data);
    return { ok: true } satisfies ProfileActionResult;
  } catch (error) {
    log.error("profile save failed", { requestId: requestId(request), error });
    return data<ProfileActionResult>({ ok: false, error: "no pudimos guardar, intenta de nuevo." }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Tu perfil", path: location.pathname, siteUrl: siteUrlFrom(matches), robots: "noindex, nofollow" });

export default function TuPerfil() {
  const { apodoSuggestions, consent, welcome, ...profile } = useLoaderData<typeof loader>();
  return (
    <ProfileForm
      profile={profile}
      apodoSuggestions={apodoSuggestions}
      notice={
        <>
          {welcome && <AccountWelcome {...welcome} />}
          {consent.kind === "waiting" && <WaitingNotice guardianEmail={consent.guardianEmail} mail={consent.mail} />}
        </>
      }
    >
      <AccountActions />
    </ProfileForm>
  );
}
