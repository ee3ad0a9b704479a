import { data, isRouteErrorResponse, redirectDocument, useRouteError } from "react-router";
import type { Route } from "./+types/entrar.$token";
import { readerForCard } from "../features/families/child-readers.server.ts";
import { CardEntry, CardInvalid } from "../features/families/components/card-entry.tsx";
import { FAMILY_MESSAGES, familyPageHeaders } from "../features/families/family-messages.ts";
import { pictureById } from "../features/families/family-pictures.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../services/context.server.ts";
import { startChildSession } from "../access/family-session.server.ts";
import { hitRateLimit, RATE_LIMIT_MESSAGE, refundRateLimit } from "../lib/rate-limit.server.ts";
import { clientIp } from "../lib/request.server.ts";

/**
 * A login card (contract: /entrar/<token>). The token is the credential: 144 random bits, kept
 * only as a hash, replaced when the adult prints a new card. Unknown tokens are counted per
 * address (only the unknown ones), so nobody can try many: every try takes its place in the
 * count first (one atomic upsert) and is looked up only within the limit, so exactly 30 unknown
 * cards are looked up a window, in parallel too (checking before counting let a 31st through);
 * a real card gives its place back.
 */
const CARD_GUESSES = { max: 30, windowSeconds: 10 * 60 };

async function cardReader({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { db } = services(context);
  const key = `card-guess:${clientIp(request)}`;
  const hit = await hitRateLimit(db, key, CARD_GUESSES);
  if (!hit.allowed)
    throw data(RATE_LIMIT_MESSAGE, { status: 429, headers: { "Retry-After": String(hit.retryAfterSeconds) } });
  const reader = await readerForCard(db, params.token);
  if (!reader) throw data(FAMILY_MESSAGES.cardInvalid, { status: 404 });
  await refundRateLimit(db, key);
  return reader;
}

export async function loader(args: Route.LoaderArgs) {
  const reader = await cardReader(args);
  return { apodo: reader.apodo, pictureSrc: pictureById(reader.picture)?.src ?? "/images/characters/silueta.svg" };
}

export async function action(args: Route.ActionArgs) {
  const reader = await cardReader(args);
  const headers = await startChildSession(args.request, args.context, reader);
  throw redirectDocument("/pasaporte", { headers });
}

/** Never cached, never a Referer (see FAMILY_PAGE_HEADERS); a refusal past a limit says when to try again. */
export const headers: Route.HeadersFunction = ({ errorHeaders, actionHeaders, loaderHeaders }) =>
  familyPageHeaders(errorHeaders, actionHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Entrar con tu tarjeta",
    // Never the token: the canonical address of every card is the same.
    path: "/entrar",
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function Entrar({ loaderData }: Route.ComponentProps) {
  return <CardEntry {...loaderData} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : FAMILY_MESSAGES.cardInvalid;
  return <CardInvalid message={message} />;
}
