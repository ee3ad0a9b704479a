import { data, isRouteErrorResponse, redirectDocument, useRouteError } from "react-router";
import type { Route } from "./+types/entrar.$token";
import { readerForCard } from "../features/families/child-readers.server.ts";
import { CardEntry, CardRefusal } from "../features/families/components/card-entry.tsx";
import {
  cardLimitedMessage,
  cardRefusalTitle,
  FAMILY_MESSAGES,
  familyPageHeaders,
} from "../features/families/family-messages.ts";
import { oldCardKind } from "../features/families/old-cards.server.ts";
import { pictureById } from "../features/families/family-pictures.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { startChildSession } from "../access/family-session.server.ts";
import { CARD_GUESSES, cardGuessKey, noteRefusedCard } from "../pages/card-guesses.server.ts";
import { hitRateLimit, refundRateLimit } from "../lib/rate-limit.server.ts";
import { clientIp } from "../lib/request.server.ts";

/**
 * A login card (contract: /entrar/<token>). The token is the credential: 144 random bits, kept
 * only as a hash, replaced when the adult prints a new card. Unknown tokens are counted per
 * address (only the unknown ones), so nobody can try many: every try takes its place in the
 * count first (one atomic upsert) and is looked up only within the limit, so exactly 30 unknown
 * cards are looked up a window, in parallel too (checking before counting let a 31st through);
 * a real card gives its place back, and so does an old one (replaced by a reprint, decision
 * 063): a class scanning last week's cards must not lock out this week's.
 */
async function cardReader({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { db } = services(context);
  const address = clientIp(request);
  const key = cardGuessKey(address);
  const hit = await hitRateLimit(db, key, CARD_GUESSES);
  if (!hit.allowed) {
    // The same answer for every token; a class's real card leaves its teacher a notice.
    await noteRefusedCard(db, params.token, address);
    throw data(cardLimitedMessage(hit.retryAfterSeconds), {
      status: 429,
      headers: { "Retry-After": String(hit.retryAfterSeconds) },
    });
  }
  const reader = await readerForCard(db, params.token);
  if (reader) {
    await refundRateLimit(db, key);
    return reader;
  }
  const oldKind = await oldCardKind(db, params.token);
  if (oldKind) {
    await refundRateLimit(db, key);
    // 410: this card existed and is gone for good; the new one is the reader's to ask for.
    throw data(oldKind === "class" ? FAMILY_MESSAGES.cardOldClass : FAMILY_MESSAGES.cardOldFamily, { status: 410 });
  }
  throw data(FAMILY_MESSAGES.cardUnknown, { status: 404 });
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
  const answered = isRouteErrorResponse(error) && typeof error.data === "string";
  return (
    <CardRefusal
      title={cardRefusalTitle(answered ? error.status : 404)}
      message={answered ? error.data : FAMILY_MESSAGES.cardUnknown}
    />
  );
}
