import { data, redirect, redirectDocument } from "react-router";
import type { Route } from "./+types/familia";
import { commentsTopic } from "../features/comments/comment-topics.ts";
import { childBirthYearOptions } from "../features/families/child-age.ts";
import { familyAgeRule } from "../pages/family-age.server.ts";
import {
  addChildReader,
  checkChildFields,
  checkPin,
  childOfGuardian,
  consentOfChild,
  deleteChildReader,
  listChildReaders,
  setChildPin,
} from "../features/families/child-readers.server.ts";
import { FamilyPage, type FamilyActionResult } from "../features/families/components/family-page.tsx";
import { guardianRefusal } from "../features/families/family-adult.server.ts";
import { FAMILY_MESSAGES, FAMILY_PAGE_HEADERS, FAMILY_RECEIPT } from "../features/families/family-messages.ts";
import {
  emailChildrenOf,
  linkConsentsToAccount,
  withdrawMailConsent,
} from "../features/guardians/guardian-consent.server.ts";
import {
  receiptFacts,
  sendConsentReceipt,
  type ConsentReceipt,
  type ReceiptMailOutcome,
} from "../lib/consent-receipt.ts";
import { formatDateTime } from "../lib/dates.ts";
import { log } from "../lib/log.server.ts";
import { pictureById } from "../features/families/family-pictures.ts";
import { checkApodo } from "../features/profiles/apodo.server.ts";
import { looksLikeFullName } from "../features/profiles/full-name.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { rememberFamilyDevice, requireAdultReader, startChildSession } from "../access/family-session.server.ts";
import { CHECK_MARKED_FIELDS } from "../lib/form-errors.ts";

const NOTICES: Record<string, string> = {
  anadido: FAMILY_MESSAGES.childAdded,
  pin: FAMILY_MESSAGES.pinChanged,
  borrado: FAMILY_MESSAGES.childDeleted,
  retirado: FAMILY_MESSAGES.consentWithdrawn,
};

/** What became of a receipt's e-mail, as the address after adding a child says it. */
const RECEIPT_MAIL: Record<string, ReceiptMailOutcome> = {
  enviado: "sent",
  "sin-servidor": "not-configured",
  fallo: "send-failed",
};
const RECEIPT_MAIL_WORD = Object.fromEntries(Object.entries(RECEIPT_MAIL).map(([word, outcome]) => [outcome, word]));

/** The receipt of the consent given for one of the adult's children in /familia. */
const familyReceipt = (siteUrl: string, consent: { apodo: string; byEmail: string; text: string; at: Date }) =>
  ({
    child: consent.apodo,
    givenBy: consent.byEmail,
    givenAt: consent.at,
    how: FAMILY_RECEIPT.how,
    text: consent.text,
    withdraw: FAMILY_RECEIPT.withdraw(siteUrl, consent.apodo),
  }) satisfies ConsentReceipt;

/** /familia: an adult's child readers (never a child's: the middleware and this check refuse them). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireAdultReader({ url, context });
  const { db, mailer, env } = services(context);
  // Children this adult's confirmed address consented for by mail are theirs too (decision 066).
  await linkConsentsToAccount(db, user);
  const [refusal, children, emailChildren] = await Promise.all([
    guardianRefusal(db, user.id, { mailConfirmation: mailer.enabled, rule: familyAgeRule }),
    listChildReaders(db, user.id),
    emailChildrenOf(db, user.id),
  ]);
  // Right after adding a child: the receipt of the consent just given, and whether it was mailed.
  const receiptOf = url.searchParams.get("recibo");
  const receiptMail = RECEIPT_MAIL[url.searchParams.get("correo") ?? ""];
  const consent = receiptOf && receiptMail ? await consentOfChild(db, user.id, receiptOf) : null;
  const body = {
    refusal,
    receipt: consent
      ? { facts: receiptFacts(familyReceipt(env.siteUrl, consent)), mail: receiptMail!, to: consent.byEmail }
      : null,
    emailChildren: emailChildren.map((child) => ({
      id: child.id,
      name: child.name,
      email: child.email,
      birthYear: child.birthYear,
      allowedAt: formatDateTime(child.allowedAt),
    })),
    years: childBirthYearOptions(familyAgeRule),
    notice: NOTICES[url.searchParams.get("aviso") ?? ""] ?? null,
    children: children.map((child) => {
      const picture = pictureById(child.picture);
      return {
        id: child.id,
        apodo: child.apodo,
        pictureSrc: picture?.src ?? "/images/characters/silueta.svg",
        pictureLabel: picture?.label ?? "",
        birthYear: child.birthYear,
        hasCard: child.cardIssuedAt !== null,
        consentedAt: formatDateTime(child.consentedAt),
      };
    }),
  };
  // This device is the family's: its reader chooser shows these children after a sign-out.
  if (!children.length) return body;
  return data(body, { headers: { "Set-Cookie": await rememberFamilyDevice(context, user.id) } });
}

const refused = (result: FamilyActionResult, status: number) => data(result, { status });

/** 'Añadir': a child reader with a picture and a PIN, and the adult's receipt of their consent. */
async function addChild(
  form: FormData,
  user: Awaited<ReturnType<typeof requireAdultReader>>,
  { db, mailer, env }: ReturnType<typeof services>,
) {
  const intent = "anadir";
  const refusal = await guardianRefusal(db, user.id, { mailConfirmation: mailer.enabled, rule: familyAgeRule });
  if (refusal) return refused({ intent, formError: refusal }, 403);
  const sent = {
    apodo: String(form.get("apodo") ?? ""),
    picture: String(form.get("picture") ?? ""),
    birthYear: String(form.get("birthYear") ?? ""),
  };
  // A child's apodo is public beside their comments: the public-name rules, and nothing of
  // the adult's e-mail either.
  const fields = {
    picture: form.get("picture"),
    birthYear: form.get("birthYear"),
    pin: form.get("pin"),
    pinAgain: form.get("pinAgain"),
    consent: form.get("consent"),
  };
  const apodo = checkApodo(form.get("apodo"), user.email, "adult");
  if (!apodo.ok) {
    const fieldErrors = { ...checkChildFields(fields, familyAgeRule).errors, apodo: apodo.error };
    return refused({ intent, fieldErrors, formError: CHECK_MARKED_FIELDS, sent }, 400);
  }
  // A real full name is warned about, not refused: the adult keeps it by ticking the box
  // beside the field and sending again (decision 065).
  if (looksLikeFullName(apodo.apodo) && form.get("confirmarApodo") !== "si") {
    const fieldErrors = checkChildFields(fields, familyAgeRule).errors;
    const formError = Object.keys(fieldErrors).length ? CHECK_MARKED_FIELDS : FAMILY_MESSAGES.apodoToConfirm;
    const fieldWarnings = { apodo: FAMILY_MESSAGES.apodoLooksLikeName };
    return refused({ intent, fieldErrors, fieldWarnings, formError, sent }, 400);
  }
  const added = await addChildReader(db, { guardian: user, apodo: apodo.apodo, ...fields }, familyAgeRule);
  if (!added.ok)
    return refused(
      { intent, fieldErrors: added.errors, formError: added.form ?? CHECK_MARKED_FIELDS, sent },
      added.status,
    );
  // The adult's receipt of the consent they just gave (issue 39): mailed when the site can,
  // and shown on the page either way.
  const consent = await consentOfChild(db, user.id, added.childId);
  const mail = consent
    ? await sendConsentReceipt(mailer, familyReceipt(env.siteUrl, consent), (error) =>
        log.warn("consent receipt not sent", { error }),
      )
    : "send-failed";
  throw redirect(`/familia?aviso=anadido&recibo=${added.childId}&correo=${RECEIPT_MAIL_WORD[mail]}`);
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireAdultReader({ url, context });
  const { db, live } = services(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const childId = String(form.get("childId") ?? "");

  if (intent === "anadir") return addChild(form, user, services(context));

  if (intent === "retirar") {
    // A child with their own e-mail whose consent this adult gave by mail (decision 066):
    // withdrawing it deletes the child's account, as a refusal does.
    if (form.get("confirmar") !== "borrar")
      return refused({ intent, childId, fieldErrors: {}, formError: FAMILY_MESSAGES.deleteConfirm }, 400);
    const withdrawn = await withdrawMailConsent(db, user.id, childId);
    if (!withdrawn) return refused({ intent, formError: FAMILY_MESSAGES.notYourChild }, 404);
    for (const section of withdrawn.commentSections) await live.publish(commentsTopic(section));
    throw redirect("/familia?aviso=retirado");
  }

  if (intent === "pin" || intent === "entrar" || intent === "borrar") {
    const child = await childOfGuardian(db, user.id, childId);
    if (!child) return refused({ intent, formError: FAMILY_MESSAGES.notYourChild }, 404);
    if (intent === "pin") {
      const errors = checkPin(form.get("pin"), form.get("pinAgain"));
      if (Object.keys(errors).length)
        return refused({ intent, childId, fieldErrors: errors, formError: CHECK_MARKED_FIELDS }, 400);
      await setChildPin(db, user.id, child.id, String(form.get("pin")));
      // The child's sessions ended with the old PIN: this instance forgets them now, without
      // waiting for the database's notice (which tells the others).
      services(context).sessionCache.forgetReader(child.id);
      throw redirect("/familia?aviso=pin");
    }
    if (intent === "entrar") {
      // The adult answers for the child: one tap, no PIN. A full page load, so every part of
      // the page (navbar included) is the child's at once.
      const headers = await startChildSession(request, context, child);
      throw redirectDocument("/pasaporte", { headers });
    }
    if (form.get("confirmar") !== "borrar")
      return refused({ intent, childId, fieldErrors: {}, formError: FAMILY_MESSAGES.deleteConfirm }, 400);
    const deleted = await deleteChildReader(db, user.id, child.id);
    if (!deleted) return refused({ intent, formError: FAMILY_MESSAGES.notYourChild }, 404);
    for (const section of deleted.commentSections) await live.publish(commentsTopic(section));
    throw redirect("/familia?aviso=borrado");
  }
  return refused({ intent, formError: "No entendimos esa acción." }, 400);
}

/** Never cached, never a Referer (see FAMILY_PAGE_HEADERS). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers(FAMILY_PAGE_HEADERS);
  // The family device's cookie the loader set.
  for (const cookie of loaderHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
};

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Tu familia",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function Familia({ loaderData }: Route.ComponentProps) {
  return <FamilyPage {...loaderData} />;
}
