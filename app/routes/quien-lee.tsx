import { data, redirectDocument } from "react-router";
import type { Route } from "./+types/quien-lee";
import { childOfGuardian, listChildReaders } from "../features/families/child-readers.server.ts";
import { checkChildPin } from "../features/families/child-pin.server.ts";
import { ReaderChooser, type ChooserResult } from "../features/families/components/reader-chooser.tsx";
import {
  FAMILY_MESSAGES,
  familyPageHeaders,
  pinLimitedMessage,
  wrongPinMessage,
} from "../features/families/family-messages.ts";
import { pictureById } from "../features/families/family-pictures.ts";
import { forwardCookies } from "../features/auth/auth-responses.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { familyOfDevice, startChildSession } from "../access/family-session.server.ts";
import { getReaderProfile, getUser } from "../access/session.server.ts";
import { shownName } from "../features/profiles/shown-name.ts";
import { loginHref } from "../lib/site-paths.ts";
import { clientIp } from "../lib/request.server.ts";

/** The reader chooser of the family this device belongs to (no family: an invitation). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const guardianId = await familyOfDevice(request, context);
  const user = await getUser(context);
  const children = guardianId ? await listChildReaders(services(context).db, guardianId) : [];
  return {
    // Who is in, as the navbar names them: never the adult's e-mail nor its local part.
    signedInAs: user ? shownName(await getReaderProfile(context), user.email) : null,
    readers: children.map((child) => ({
      value: child.id,
      label: child.apodo,
      src: pictureById(child.picture)?.src ?? "/images/characters/silueta.svg",
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { db, auth } = services(context);
  if (form.get("intent") === "adulto") {
    // Back to the adult: their own password, never a tap a child could make.
    const signOut = (await getUser(context))
      ? forwardCookies(await auth.api.signOut({ headers: request.headers, asResponse: true }))
      : undefined;
    throw redirectDocument(loginHref("/familia"), { headers: signOut });
  }
  const guardianId = await familyOfDevice(request, context);
  const lector = String(form.get("lector") ?? "");
  // Only a child of this device's family can be chosen here.
  const child = guardianId ? await childOfGuardian(db, guardianId, lector) : null;
  if (!child) return data<ChooserResult>({ fieldErrors: { lector: FAMILY_MESSAGES.chooseReader } }, { status: 400 });
  const checked = await checkChildPin(db, { childId: child.id, pin: form.get("pin"), address: clientIp(request) });
  if (checked.ok === false && checked.reason === "limited")
    return data<ChooserResult>(
      { fieldErrors: { pin: pinLimitedMessage(checked.retryAfterSeconds) }, lector },
      { status: 429, headers: { "Retry-After": String(checked.retryAfterSeconds) } },
    );
  if (checked.ok === false) {
    const pin = wrongPinMessage({ ...checked, waitSeconds: checked.retryAfterSeconds });
    return data<ChooserResult>({ fieldErrors: { pin }, lector }, { status: 401 });
  }
  const headers = await startChildSession(request, context, child);
  throw redirectDocument("/pasaporte", { headers });
}

/** Never cached, never a Referer (see FAMILY_PAGE_HEADERS); a refusal past a limit says when to try again. */
export const headers: Route.HeadersFunction = ({ actionHeaders, errorHeaders }) =>
  familyPageHeaders(actionHeaders, errorHeaders);

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "¿Quién lee?",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function QuienLee({ loaderData }: Route.ComponentProps) {
  return <ReaderChooser {...loaderData} />;
}
