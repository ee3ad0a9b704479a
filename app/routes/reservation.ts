import { redirect } from "react-router";
import type { Route } from "./+types/reservation";
import { nextBookableEvent } from "../features/events/events-content.server.ts";
import { listScheduledEvents } from "../features/events/events.server.ts";
import { services } from "../services/context.server.ts";

/** Where the calendar's upcoming events begin: the page says there when nothing is upcoming. */
const UPCOMING_EVENTS_PATH = "/eventos#proximos";

/**
 * SPEC.md's booking link (decision 024): the next event a seat can be booked for, on its own
 * booking page; else the calendar's upcoming part. Answered again on every visit (302, not
 * cached), since which event is next changes with the calendar and the date.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const next = nextBookableEvent(await listScheduledEvents(services(context).db, new Date()));
  return redirect(next?.bookingUrl ?? UPCOMING_EVENTS_PATH, { headers: { "Cache-Control": "no-store" } });
}
