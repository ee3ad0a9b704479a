import { data, redirect, redirectDocument } from "react-router";
import type { Route } from "./+types/familia";
import { commentsTopic } from "../features/comments/comment-topics.ts";
import { childBirthYearOptions } from "../features/families/child-age.ts";
import { familyAgeRule } from "../composition/family-age.server.ts";
import {
  addChildReader,
  checkChildFields,
  checkPin,
  childOfGuardian,
  deleteChildReader,
  listChildReaders,
  setChildPin,
} from "../features/families/child-readers.server.ts";
import { FamilyPage, type FamilyActionResult } from "../features/families/components/family-page.tsx";
import { guardianRefusal } from "../features/families/family-adult.server.ts";
import { FAMILY_MESSAGES, FAMILY_PAGE_HEADERS } from "../features/families/family-messages.ts";
import { pictureById } from "../features/families/family-pictures.ts";
import { checkApodo } from "../features/profiles/apodo.server.ts";
import { looksLikeFullName } from "../features/profiles/full-name.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../services/context.server.ts";
import { rememberFamilyDevice, requireAdultReader, startChildSession } from "../access/family-session.server.ts";
import { CHECK_MARKED_FIELDS } from "../lib/form-errors.ts";

const NOTICES: Record<string, string> = {
  anadido: FAMILY_MESSAGES.childAdded,
  pin: FAMILY_MESSAGES.pinChanged,
  borrado: FAMILY_MESSAGES.childDeleted,
};

/** /familia: an adult's child readers (never a child's: the middleware and this check refuse them). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireAdultReader({ url, context });
  const { db, mailer } = services(context);
  const [refusal, children] = await Promise.all([
    guardianRefusal(db, user.id, { mailConfirmation: mailer.enabled, rule: familyAgeRule }),
    listChildReaders(db, user.id),
  ]);
  const body = {
    refusal,
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
      };
    }),
  };
  // This device is the family's: its reader chooser shows these children after a sign-out.
  if (!children.length) return body;
  return data(body, { headers: { "Set-Cookie": await rememberFamilyDevice(context, user.id) } });
}

const refused = (result: FamilyActionResult, status: number) => data(result, { status });

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireAdultReader({ url, context });
  const { db, mailer, live } = services(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const childId = String(form.get("childId") ?? "");

  if (intent === "anadir") {
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
    throw redirect("/familia?aviso=anadido");
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
