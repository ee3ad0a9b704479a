import * as z from "zod/mini";
import { ADMIN_MESSAGES } from "./admin-messages.ts";

const email = z.email(ADMIN_MESSAGES.emailInvalid);

/** SPEC.md §5: the e-mail is required (and must belong to an account, checked on the server). */
export function parseAdminEmail(value: unknown): { ok: true; email: string } | { ok: false; error: string } {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (!text) return { ok: false, error: ADMIN_MESSAGES.emailRequired };
  if (!email.safeParse(text).success) return { ok: false, error: ADMIN_MESSAGES.emailInvalid };
  return { ok: true, email: text };
}
