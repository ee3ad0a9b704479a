import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/permiso-familiar";
import { GuardianPage, type GuardianPageState } from "../features/guardians/components/guardian-page.tsx";
import { allowConsent, findConsentRequest, refuseConsent } from "../features/guardians/guardian-consent.server.ts";
import { services } from "../services/context.server.ts";

// The token is the only credential here: it never travels on in a Referer.
const PRIVATE_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

/** The guardian's link: shows what the site keeps. Opening it changes nothing (mail scanners open links). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const request = await findConsentRequest(services(context).db, params.token);
  const state: GuardianPageState = request
    ? { kind: "ask", ...request, expiresAt: request.expiresAt.toISOString() }
    : { kind: "invalid" };
  return data({ state }, { status: request ? 200 : 410, headers: PRIVATE_HEADERS });
}

/** Allow or refuse: the link works once. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = services(context);
  const intent = (await request.formData()).get("intent");
  if (intent !== "allow" && intent !== "refuse")
    return data({ state: { kind: "invalid" } as GuardianPageState }, { status: 400, headers: PRIVATE_HEADERS });
  const done = intent === "allow" ? await allowConsent(db, params.token) : await refuseConsent(db, params.token);
  const state: GuardianPageState = !done
    ? { kind: "invalid" }
    : intent === "allow"
      ? { kind: "allowed" }
      : { kind: "deleted" };
  return data({ state }, { status: done ? 200 : 410, headers: PRIVATE_HEADERS });
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
