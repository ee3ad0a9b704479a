import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.eventos.$id";
import { findBookableEvent, listBookings, setAttendance } from "../features/events/bookings.server.ts";
import { BookingList } from "../features/events/components/booking-list.tsx";
import { eventWhen } from "../features/events/event-schedule.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";

const NOT_FOUND = "Ese evento no existe o no toma reservas en este sitio.";

/** One event's bookings for its organiser: who comes, how many, and who came. Admins only. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const { db } = services(context);
  const event = await findBookableEvent(db, params.id);
  if (!event) throw data(NOT_FOUND, { status: 404 });
  const when = eventWhen(event.startsAt.toISOString());
  const bookings = await listBookings(db, event.id);
  return {
    event: {
      id: event.id,
      name: event.name,
      when: `${when.date}, ${when.time} h`,
      capacity: event.capacity,
      seatsTaken: event.seatsTaken,
    },
    bookings: bookings.map((booking) => ({ ...booking, createdAt: booking.createdAt.toISOString() })),
  };
}

/** Marks one booking as come or not. Anything else answers 400 and writes nothing. */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  await requireAdmin({ url, context });
  const form = await request.formData();
  const booking = form.get("reserva");
  const attended = form.get("asistio");
  if (form.get("intent") !== "asistencia" || typeof booking !== "string" || (attended !== "si" && attended !== "no"))
    return data({ ok: false, message: "Elige una reserva y si vino o no." }, { status: 400 });
  const done = await setAttendance(services(context).db, params.id, booking, attended === "si");
  if (!done) return data({ ok: false, message: "Esa reserva ya no existe." }, { status: 404 });
  return { ok: true, message: attended === "si" ? "Marcado: vino." : "Marcado: no vino." };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData ? `Reservas: ${loaderData.event.name}` : "Reservas",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function AdminEventBookings() {
  return <BookingList {...useLoaderData<typeof loader>()} />;
}
