import type { Route } from "./+types/api.send-email[.]php";
import { CONTACT_MESSAGES } from "../features/contact/contact-messages.ts";
import { parseContactForm, type ContactFieldErrors } from "../features/contact/contact.schema.ts";
import { CONTACT_RATE_LIMIT, storeContactMessage } from "../features/contact/contact.server.ts";
import { services } from "../runtime/context.server.ts";
import { log } from "../lib/log.server.ts";
import { hitRateLimit } from "../lib/rate-limit.server.ts";
import { clientIp, requestId } from "../lib/request.server.ts";

const plain = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

/** 400: a short message; the site's own form (Accept: application/json) also gets each field's. */
function invalid(request: Request, fieldErrors: ContactFieldErrors) {
  if (request.headers.get("accept")?.includes("application/json")) {
    return Response.json(
      { message: CONTACT_MESSAGES.invalidRequest, fieldErrors },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  return plain(CONTACT_MESSAGES.invalidRequest, 400);
}

export function loader() {
  return plain(CONTACT_MESSAGES.methodNotAllowed, 405, { Allow: "POST" });
}

/**
 * DESIGN.md contract 4: multipart `name`, `email`, `comment` (and the trap `website`); 200 with
 * the body `success` only once the message is stored. Delivery happens afterwards, in the worker.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, contactMailer } = services(context);
  if (request.method !== "POST") return plain(CONTACT_MESSAGES.methodNotAllowed, 405, { Allow: "POST" });

  const limit = await hitRateLimit(db, `contact:${clientIp(request)}`, CONTACT_RATE_LIMIT);
  if (!limit.allowed)
    return plain(CONTACT_MESSAGES.rateLimited, 429, { "Retry-After": String(limit.retryAfterSeconds) });

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return invalid(request, {});
  }
  const parsed = parseContactForm({
    name: form.get("name"),
    email: form.get("email"),
    comment: form.get("comment"),
    website: form.get("website"),
  });
  if (!parsed.ok) return invalid(request, parsed.errors);

  try {
    const id = await storeContactMessage(db, parsed.data, { isSpam: parsed.isSpam });
    log.info("contact message stored", { requestId: requestId(request), id, spam: parsed.isSpam });
  } catch (error) {
    log.error("contact message not stored", { requestId: requestId(request), error });
    return plain(CONTACT_MESSAGES.storeFailed, 500);
  }
  if (!parsed.isSpam) contactMailer.wake();
  return plain("success", 200);
}
