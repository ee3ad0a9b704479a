import { data } from "react-router";
import type { Route } from "./+types/adminpanel.eventos.$id.reservas[.]csv";
import { bookingsCsv } from "../features/events/booking-csv.ts";
import { findBookableEvent, listBookings } from "../features/events/bookings.server.ts";
import { attachmentDisposition } from "../lib/content-disposition.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";

/** One event's bookings as CSV, for the organiser's door list. Admins only; never cached. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const { db } = services(context);
  const event = await findBookableEvent(db, params.id);
  if (!event) throw data("Ese evento no existe o no toma reservas en este sitio.", { status: 404 });
  return new Response(bookingsCsv(await listBookings(db, event.id)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(`reservas-${event.name}.csv`),
      "Cache-Control": "private, no-store",
    },
  });
}
