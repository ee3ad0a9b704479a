import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/reservation";
import { bookingAction } from "../features/events/booking-flow.server.ts";
import { BOOKING_MESSAGES } from "../features/events/booking.schema.ts";
import { findBookableEvent } from "../features/events/bookings.server.ts";
import { BookingPage, type BookingPageEvent } from "../features/events/components/booking-form.tsx";
import { SITE_BOOKING_PATH, eventWhen } from "../features/events/event-schedule.ts";
import { nextBookableEvent } from "../features/events/events-content.server.ts";
import { listScheduledEvents } from "../features/events/events.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";

/** Where the calendar's upcoming events begin: the page says there when nothing is upcoming. */
const UPCOMING_EVENTS_PATH = "/eventos#proximos";
// The seats left change with every booking: never kept, by the browser or by the site.
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * SPEC.md's booking link (decisions 024 and 070): `?evento=<id>` books that event here; bare,
 * the next event a seat can be booked for (its form here, or its organiser's page elsewhere),
 * else the calendar's upcoming part. Answered again on every visit.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const now = new Date();
  let id = new URL(request.url).searchParams.get("evento");
  if (!id) {
    const next = nextBookableEvent(await listScheduledEvents(db, now));
    if (!next?.bookingUrl) throw redirect(UPCOMING_EVENTS_PATH, { headers: NO_STORE });
    if (!next.bookingUrl.startsWith(`${SITE_BOOKING_PATH}?`)) throw redirect(next.bookingUrl, { headers: NO_STORE });
    id = next.id;
  }
  const event = await findBookableEvent(db, id);
  if (!event) throw data(BOOKING_MESSAGES.notFound, { status: 404, headers: NO_STORE });
  const when = eventWhen(event.startsAt.toISOString());
  const state: BookingPageEvent["state"] =
    event.startsAt.getTime() <= now.getTime()
      ? "past"
      : event.soldOut
        ? "closed"
        : event.seatsLeft === 0
          ? "full"
          : "open";
  const view: BookingPageEvent = {
    id: event.id,
    name: event.name,
    when: `${when.date}, ${when.time} h`,
    place: `${event.placeName} · ${event.city}`,
    seatsLeft: event.seatsLeft,
    state,
  };
  return data({ event: view }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, env } = services(context);
  return bookingAction({ db, mailer, siteUrl: env.siteUrl }, request);
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData ? `Reservar: ${loaderData.event.name}` : "Reservar",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, follow",
  });

export default function Reservation() {
  const { event } = useLoaderData<typeof loader>();
  return <BookingPage event={event} result={useActionData<typeof action>()} />;
}
