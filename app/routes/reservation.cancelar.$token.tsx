import { Form, Link, data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/reservation.cancelar.$token";
import { cancelAction } from "../features/events/booking-flow.server.ts";
import { findBookingByToken } from "../features/events/bookings.server.ts";
import { eventWhen } from "../features/events/event-schedule.ts";
import { services } from "../runtime/context.server.ts";

// The token is the only credential here: it never travels on in a Referer, nor stays in a cache.
const PRIVATE_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

/** Opening the link changes nothing (mail scanners open links): it asks first. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const booking = await findBookingByToken(services(context).db, params.token);
  if (!booking) return data({ booking: null }, { status: 404, headers: PRIVATE_HEADERS });
  const when = eventWhen(booking.startsAt.toISOString());
  return data(
    {
      booking: {
        eventName: booking.eventName,
        when: `${when.date}, ${when.time} h`,
        name: booking.name,
        seats: booking.seats,
        waiting: booking.status === "waiting",
      },
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** Cancels once: the seats go back, to the first on the waiting list if they fit. */
export async function action({ params, context }: Route.ActionArgs) {
  const { db, mailer, env } = services(context);
  const result = await cancelAction({ db, mailer, siteUrl: env.siteUrl }, params.token);
  return data(result, { status: result.cancelled ? 200 : 404, headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Cancelar una reserva | Valentina y Taquito" },
  { name: "robots", content: "noindex, nofollow" },
];

const USED = "Este enlace ya no sirve: la reserva ya se canceló, o el enlace no está completo.";

export default function CancelBooking() {
  const { booking } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="container py-5">
      <div className="row justify-content-center">
        <div className="col-md-8 col-lg-6">
          <h1 className="mb-4">Cancelar una reserva</h1>
          {result ? (
            <p className={`alert ${result.cancelled ? "alert-success" : "alert-warning"}`} role="status">
              {result.cancelled
                ? `Listo: cancelaste tu lugar en «${result.eventName}». Gracias por avisar: otra familia podrá ocuparlo.`
                : USED}
            </p>
          ) : booking ? (
            <Form method="post">
              <p>
                {booking.waiting
                  ? `${booking.name}: estás en la lista de espera de «${booking.eventName}» (${booking.when}).`
                  : `${booking.name}: tienes ${booking.seats === 1 ? "1 lugar" : `${booking.seats} lugares`} en «${booking.eventName}» (${booking.when}).`}
              </p>
              <button type="submit" className="btn btn-danger">
                {booking.waiting ? "Salir de la lista de espera" : "Cancelar mi reserva"}
              </button>
            </Form>
          ) : (
            <p className="alert alert-warning" role="status">
              {USED}
            </p>
          )}
          <p className="mt-4">
            <Link to="/eventos">Ver los eventos</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
