import { createContext, data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/permiso-familiar";
import { GuardianPage, type GuardianPageState } from "../features/guardians/components/guardian-page.tsx";
import { allowConsent, findConsentRequest, refuseConsent } from "../features/guardians/guardian-consent.server.ts";
import { MAIL_CONSENT_TEXT, MAIL_RECEIPT } from "../features/guardians/guardian-messages.ts";
import { receiptFacts, sendConsentReceipt, type ConsentReceipt } from "../lib/consent-receipt.ts";
import { log } from "../lib/log.server.ts";
import { services } from "../runtime/context.server.ts";

// The token is the only credential here: it never travels on in a Referer.
const PRIVATE_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

/** The guardian's link: shows what the site keeps. Opening it changes nothing (mail scanners open links). */
/** Set by the action: the loaders that run after it render the action's answer (a page without JavaScript). */
const answeredByAction = createContext(false);

export async function loader({ params, context }: Route.LoaderArgs) {
  const request = await findConsentRequest(services(context).db, params.token);
  const state: GuardianPageState = request
    ? { kind: "ask", ...request, expiresAt: request.expiresAt.toISOString(), consentText: MAIL_CONSENT_TEXT }
    : { kind: "invalid" };
  // After the form's own post (a page without JavaScript), the link was just used: the action's
  // answer is the page's, and its status the response's, not this "used link" 410.
  const afterAction = context.get(answeredByAction);
  return data({ state }, { status: request || afterAction ? 200 : 410, headers: PRIVATE_HEADERS });
}

/** Allow or refuse: the link works once. Allowing sends the guardian a receipt (issue 39). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, mailer, env } = services(context);
  context.set(answeredByAction, true);
  const intent = (await request.formData()).get("intent");
  if (intent !== "allow" && intent !== "refuse")
    return data({ state: { kind: "invalid" } as GuardianPageState }, { status: 400, headers: PRIVATE_HEADERS });
  if (intent === "refuse") {
    const done = await refuseConsent(db, params.token);
    const state: GuardianPageState = done ? { kind: "deleted" } : { kind: "invalid" };
    return data({ state }, { status: done ? 200 : 410, headers: PRIVATE_HEADERS });
  }
  const given = await allowConsent(db, params.token, MAIL_CONSENT_TEXT);
  if (!given)
    return data({ state: { kind: "invalid" } as GuardianPageState }, { status: 410, headers: PRIVATE_HEADERS });
  const receipt: ConsentReceipt = {
    child: given.childName ? `${given.childName} (${given.childEmail})` : given.childEmail,
    givenBy: given.guardianEmail,
    givenAt: given.allowedAt,
    how: MAIL_RECEIPT.how,
    text: given.consentText,
    withdraw: MAIL_RECEIPT.withdraw(env.siteUrl),
  };
  const mail = await sendConsentReceipt(mailer, receipt, (error) => log.warn("consent receipt not sent", { error }));
  const state: GuardianPageState = {
    kind: "allowed",
    receipt: { facts: receiptFacts(receipt), mail, to: given.guardianEmail },
  };
  return data({ state }, { headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Permiso de la familia | Valentina y Taquito" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function PermisoFamiliar() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return <GuardianPage state={acted?.state ?? loaded.state} />;
}
