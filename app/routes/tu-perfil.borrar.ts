import { data, redirect, redirectDocument } from "react-router";
import type { Route } from "./+types/tu-perfil.borrar";
import { ACCOUNT_MESSAGES } from "../features/account/account-messages.ts";
import { deleteAccount } from "../features/account/account-data.server.ts";
import { ADMINS_TOPIC } from "../features/admins/admin-topics.ts";
import { forwardCookies } from "../features/auth/auth-responses.server.ts";
import { commentsTopic } from "../features/comments/comment-topics.ts";
import { services } from "../runtime/context.server.ts";
import { requireUser } from "../access/session.server.ts";
import { log } from "../lib/log.server.ts";
import { requestId } from "../lib/request.server.ts";

export type DeleteAccountActionResult = { error: string };

/** The form lives on /tu-perfil; this address only takes its confirmation. */
export const loader = () => redirect("/tu-perfil");

/**
 * 'Borrar mi cuenta': deletes the session's own account (never one named in the form), then
 * ends the session in this browser. The confirmation field keeps a stray POST from deleting.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ url, context });
  const form = await request.formData();
  if (form.get("confirmar") !== "borrar")
    return data<DeleteAccountActionResult>({ error: ACCOUNT_MESSAGES.deleteMissingConfirmation }, { status: 400 });
  const { db, auth, live } = services(context);
  let result;
  try {
    result = await deleteAccount(db, user);
  } catch (error) {
    log.error("account deletion failed", { requestId: requestId(request), error });
    return data<DeleteAccountActionResult>({ error: ACCOUNT_MESSAGES.deleteFailed }, { status: 500 });
  }
  if (!result.ok) return data<DeleteAccountActionResult>({ error: ACCOUNT_MESSAGES.lastAdmin }, { status: 409 });
  log.info("account deleted", { requestId: requestId(request) });
  // Open pages drop the reader's comments (and an admin from the admin list) at once.
  for (const section of result.commentSections) await live.publish(commentsTopic(section));
  if (result.wasAdmin) await live.publish(ADMINS_TOPIC);
  // The sessions went with the account; this clears the cookie in this browser. A full page
  // load, not a client navigation: the live events above make this very page revalidate, and
  // its loader's sign-in redirect must not win the race (nor any signed-in state stay behind).
  const signOut = await auth.api.signOut({ headers: request.headers, asResponse: true });
  return redirectDocument("/cuenta-borrada", { headers: forwardCookies(signOut) });
}
