import { data, useActionData } from "react-router";
import type { Route } from "./+types/familia.$lector.tarjeta";
import { childOfGuardian, issueLoginCard } from "../features/families/child-readers.server.ts";
import { LoginCardSheet, type PrintedCard } from "../features/families/components/login-card-sheet.tsx";
import {
  CARD_COPIES,
  CARD_COPIES_INVALID,
  FAMILY_MESSAGES,
  FAMILY_PAGE_HEADERS,
} from "../features/families/family-messages.ts";
import { pictureById } from "../features/families/family-pictures.ts";
import { loginCardQr, loginCardUrl } from "../features/families/login-card.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdultReader } from "../access/family-session.server.ts";

async function ownChild({ url, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const user = await requireAdultReader({ url, context });
  const child = await childOfGuardian(services(context).db, user.id, params.lector);
  if (!child) throw data(FAMILY_MESSAGES.notYourChild, { status: 404 });
  return { user, child };
}

export async function loader(args: Route.LoaderArgs) {
  const { child } = await ownChild(args);
  return {
    familyUrl: `${services(args.context).env.siteUrl}/familia`,
    apodo: child.apodo,
    pictureSrc: pictureById(child.picture)?.src ?? "/images/characters/silueta.svg",
    hadCard: child.cardIssuedAt !== null,
  };
}

/**
 * A new card: only its hash is kept, so the sheet is the one time its address is shown. The old
 * card fails from now, and the sessions opened with it end.
 */
export async function action(args: Route.ActionArgs) {
  const { user, child } = await ownChild(args);
  const { db, env, sessionCache } = services(args.context);
  // How many copies of the one card (a form without the field, as before it existed: the default).
  // (A post with no body at all, as a script may send, is the same form without the field.)
  const form = await args.request.formData().catch(() => null);
  const sent = form?.get("copias") ?? null;
  const copies = sent === null ? CARD_COPIES.default : Number(sent);
  if (!Number.isInteger(copies) || copies < 1 || copies > CARD_COPIES.max)
    return data({ card: null, copiesError: CARD_COPIES_INVALID }, { status: 400, headers: FAMILY_PAGE_HEADERS });
  const token = await issueLoginCard(db, user.id, child.id);
  if (!token) throw data(FAMILY_MESSAGES.notYourChild, { status: 404 });
  // The child's sessions ended with the old card: this instance forgets them now, without
  // waiting for the database's notice (which tells the others).
  sessionCache.forgetReader(child.id);
  const url = loginCardUrl(env.siteUrl, token);
  return { card: { url, qr: await loginCardQr(url), copies } satisfies PrintedCard, copiesError: undefined };
}

/** Never cached, never a Referer (see FAMILY_PAGE_HEADERS). */
export const headers: Route.HeadersFunction = () => FAMILY_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Tarjeta para entrar",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function FamiliaTarjeta({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return <LoginCardSheet {...loaderData} card={result?.card ?? null} copiesError={result?.copiesError} />;
}
