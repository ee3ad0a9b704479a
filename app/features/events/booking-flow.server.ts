/** What /reservation and a cancel link do with a request: checks, limits, the write, the mail. */
import { data } from "react-router";
import type { Db } from "../../lib/db.server.ts";
import { log } from "../../lib/log.server.ts";
import type { Mail, Mailer } from "../../lib/mail.server.ts";
import { RATE_LIMIT_MESSAGE, hitRateLimit, type RateLimitRule } from "../../lib/rate-limit.server.ts";
import { clientIp } from "../../lib/request.server.ts";
import {
  BOOKING_MESSAGES,
  bookingValues,
  parseBookingForm,
  type BookingFieldErrors,
  type BookingValues,
} from "./booking.schema.ts";
import { bookingConfirmationMail, seatFreedMail, waitingListMail } from "./booking-mail.ts";
import { CANCEL_PATH_PREFIX, bookSeats, cancelBooking, findBookableEvent } from "./bookings.server.ts";

/** Abuse limits: bookings tried from one address, and bookings made for one e-mail address. */
export const BOOKING_LIMITS = {
  perAddress: { max: 20, windowSeconds: 60 * 60 },
  perEmail: { max: 5, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, RateLimitRule>;

type Deps = { db: Db; mailer: Mailer; siteUrl: string };

export type BookingActionResult =
  | {
      ok: false;
      message: string;
      errors: BookingFieldErrors;
      values: BookingValues;
      /** The event is full: the form offers the waiting list. */
      offerWaitingList?: boolean;
    }
  | {
      ok: true;
      kind: "booked" | "waiting";
      email: string;
      seats: number;
      /** True when the confirmation went out by e-mail. */
      mailed: boolean;
      /** Shown on the page once, only when no e-mail could carry it. */
      cancelUrl: string | null;
    };

const RETRY_HEADERS = "Retry-After";
const NO_STORE = { "Cache-Control": "no-store" };

async function sendOrLog(mailer: Mailer, mail: Mail, what: string): Promise<boolean> {
  if (!mailer.enabled) return false;
  try {
    await mailer.send(mail);
    return true;
  } catch (error) {
    log.warn("booking mail failed", { what, error });
    return false;
  }
}

/** A booking (intent "book") or a place on the waiting list (intent "wait") for one event. */
export async function bookingAction({ db, mailer, siteUrl }: Deps, request: Request) {
  const form = await request.formData();
  const values = bookingValues(form);
  const eventId = typeof form.get("evento") === "string" ? String(form.get("evento")) : "";
  const waitingList = form.get("intent") === "wait";
  const refuse = (status: number, message: string, errors: BookingFieldErrors = {}, extra = {}) =>
    data<BookingActionResult>({ ok: false, message, errors, values, ...extra }, { status, headers: NO_STORE });

  const address = await hitRateLimit(db, `booking:ip:${clientIp(request)}`, BOOKING_LIMITS.perAddress);
  if (!address.allowed)
    return data<BookingActionResult>(
      { ok: false, message: RATE_LIMIT_MESSAGE, errors: {}, values },
      { status: 429, headers: { ...NO_STORE, [RETRY_HEADERS]: String(address.retryAfterSeconds) } },
    );
  const event = eventId ? await findBookableEvent(db, eventId) : null;
  if (!event) return refuse(404, BOOKING_MESSAGES.notFound);
  if (event.startsAt.getTime() <= Date.now()) return refuse(400, BOOKING_MESSAGES.past);
  const parsed = parseBookingForm(form);
  if (!parsed.ok) return refuse(400, BOOKING_MESSAGES.invalid, parsed.errors);
  const perEmail = await hitRateLimit(db, `booking:email:${parsed.data.email}`, BOOKING_LIMITS.perEmail);
  if (!perEmail.allowed)
    return data<BookingActionResult>(
      { ok: false, message: RATE_LIMIT_MESSAGE, errors: {}, values },
      { status: 429, headers: { ...NO_STORE, [RETRY_HEADERS]: String(perEmail.retryAfterSeconds) } },
    );

  const outcome = await bookSeats(db, event.id, parsed.data, { waitingList });
  switch (outcome.kind) {
    case "not-found":
      return refuse(404, BOOKING_MESSAGES.notFound);
    case "past":
      return refuse(400, BOOKING_MESSAGES.past);
    case "closed":
      return refuse(409, BOOKING_MESSAGES.closed);
    case "too-many":
      return refuse(400, BOOKING_MESSAGES.invalid, { seats: BOOKING_MESSAGES.seatsLeft(outcome.seatsLeft) });
    case "full":
      return refuse(409, BOOKING_MESSAGES.full, {}, { offerWaitingList: true });
  }
  const cancelUrl = `${siteUrl}${CANCEL_PATH_PREFIX}${outcome.token}`;
  const facts = {
    to: parsed.data.email,
    name: parsed.data.name,
    eventName: event.name,
    startsAt: event.startsAt,
    seats: outcome.seats,
    cancelUrl,
  };
  const mail = outcome.kind === "booked" ? bookingConfirmationMail(facts) : waitingListMail(facts);
  const mailed = await sendOrLog(mailer, mail, outcome.kind);
  return data<BookingActionResult>(
    {
      ok: true,
      kind: outcome.kind,
      email: parsed.data.email,
      seats: outcome.seats,
      mailed,
      cancelUrl: mailed ? null : cancelUrl,
    },
    { headers: NO_STORE },
  );
}

export type CancelResult = { cancelled: boolean; eventName?: string };

/** Cancels with the link's token (once), then mails the first on the waiting list their seat. */
export async function cancelAction({ db, mailer, siteUrl }: Deps, token: string): Promise<CancelResult> {
  const done = await cancelBooking(db, token);
  if (!done) return { cancelled: false };
  if (done.promoted) {
    const { promoted } = done;
    await sendOrLog(
      mailer,
      seatFreedMail({
        to: promoted.email,
        name: promoted.name,
        eventName: promoted.eventName,
        startsAt: promoted.startsAt,
        seats: promoted.seats,
        cancelUrl: `${siteUrl}${CANCEL_PATH_PREFIX}${promoted.token}`,
      }),
      "seat freed",
    );
  }
  return { cancelled: true, eventName: done.eventName };
}
