import { decideAge, type AgeAnswer } from "../features/age/age-rule.ts";
import { passwordResetMail } from "../features/auth/password-reset.server.ts";
import type { GuardianMailer } from "../features/guardians/guardian-mailer.server.ts";
import { linkConsentsToAccount } from "../features/guardians/guardian-consent.server.ts";
import {
  guardianReachOf,
  sendFirstGuardianRequest,
  startGuardianConsent,
} from "../features/guardians/guardian-request.server.ts";
import { createProfileForUser } from "../features/profiles/profiles.server.ts";
import { createAuth, resolveAuthSecret, type Auth, type NewUser } from "../lib/auth.server.ts";
import type { Db } from "../lib/db.server.ts";
import type { Env } from "../lib/env.server.ts";
import { log } from "../lib/log.server.ts";
import type { Mailer } from "../lib/mail.server.ts";

/**
 * Readers' accounts (better-auth) with the site's rules around them: the age rule on an e-mail
 * sign-up, the reader's profile made with the account, and a child's guardian asked for consent
 * once the child's own address is confirmed.
 */
export function createReaderAuth({
  env,
  db,
  mailer,
  guardianMailer,
}: {
  env: Env;
  db: Db;
  mailer: Mailer;
  guardianMailer: GuardianMailer;
}): Auth {
  const askGuardian = (userId: string) =>
    // Not awaited: a lost e-mail is sent again from the child's page ('Enviar el correo otra vez').
    void sendFirstGuardianRequest({ db, mailer: guardianMailer }, userId).catch((error: unknown) =>
      log.warn("guardian request failed", { error }),
    );
  // The age rule on an e-mail sign-up: better-auth's hook refuses an invalid answer before the
  // account exists (direct calls to /api/auth included), and the account is made as it decides.
  const decideSignUp = (answer: AgeAnswer, ownEmail: string) =>
    decideAge(answer, { reach: guardianReachOf(guardianMailer), ownEmail });
  const onUserCreated = async (user: NewUser) => {
    const decision = user.signUpAnswer ? decideSignUp(user.signUpAnswer, user.email) : null;
    const answered = decision && decision.kind !== "invalid" ? decision : null;
    // Google's sign-up has no answer: the age step (/tu-edad) asks it before anything else.
    await createProfileForUser(db, { ...user, birthYear: answered?.birthYear ?? null, age: answered?.age ?? null });
    if (answered?.kind !== "needs-guardian") return;
    // The guardian is written to once the child's own address is confirmed: before that, a
    // guardian's e-mail would tell whoever typed the form that the address was new.
    await startGuardianConsent({ db, mailer: guardianMailer }, user.id, answered.consent, { mailNow: false });
  };
  const checkSignUpAnswer = (answer: AgeAnswer, ownEmail: string) => {
    const decision = decideSignUp(answer, ownEmail);
    if (decision.kind !== "invalid") return null;
    return decision.errors.birthYear
      ? { code: "BIRTH_YEAR_REQUIRED", message: decision.errors.birthYear }
      : { code: "GUARDIAN_EMAIL_INVALID", message: decision.errors.guardianEmail ?? "" };
  };
  return createAuth({
    env,
    db,
    secret: resolveAuthSecret(env),
    onUserCreated,
    checkSignUpAnswer,
    mailer,
    onEmailVerified: async (user) => {
      askGuardian(user.id);
      // A guardian who consented by mail before this address was confirmed finds the child in
      // their /familia from now (docs/decisions/066).
      await linkConsentsToAccount(db, user).catch((error: unknown) =>
        log.warn("linking consented children failed", { error }),
      );
    },
    passwordResetMail,
  });
}
