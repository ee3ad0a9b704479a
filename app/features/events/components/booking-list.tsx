import { Link, useFetcher } from "react-router";

type Booking = {
  id: string;
  name: string;
  email: string;
  children: number;
  adults: number;
  status: "booked" | "waiting";
  attended: boolean;
  createdAt: string;
};

type Props = {
  event: { id: string; name: string; when: string; capacity: number | null; seatsTaken: number };
  bookings: Booking[];
};

/** One booking's attendance: a button that says what a press does, with the answer announced. */
function Attendance({ booking }: { booking: Booking }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  // Shown as it will be while the answer is on its way.
  const pending = fetcher.formData?.get("asistio");
  const attended = pending ? pending === "si" : booking.attended;
  const action = attended ? "Quitar asistencia" : "Marcar que vino";
  return (
    <fetcher.Form method="post" className="d-flex flex-wrap align-items-center gap-2">
      <input type="hidden" name="intent" value="asistencia" />
      <input type="hidden" name="reserva" value={booking.id} />
      <input type="hidden" name="asistio" value={attended ? "no" : "si"} />
      <span data-testid="attended">{attended ? "Vino" : "Sin marcar"}</span>
      {/* Named with the person: every row has the same button. */}
      <button type="submit" className="btn btn-sm btn-outline-primary" aria-label={`${action}: ${booking.name}`}>
        {action}
      </button>
      <span role="status" className={fetcher.data?.ok === false ? "text-danger" : "visually-hidden"}>
        {fetcher.state === "idle" ? fetcher.data?.message : ""}
      </span>
    </fetcher.Form>
  );
}

/** /adminpanel/eventos/<id>: who booked, the waiting list, attendance and the CSV. */
export function BookingList({ event, bookings }: Props) {
  const booked = bookings.filter((booking) => booking.status === "booked");
  const waiting = bookings.filter((booking) => booking.status === "waiting");
  return (
    <div className="container py-5 admin-bookings">
      <p>
        <Link to="/adminpanel/eventos">← Eventos</Link>
      </p>
      <h1 className="mb-1">Reservas: {event.name}</h1>
      <p>{event.when}</p>
      <p data-testid="seats-taken">
        {event.capacity === null
          ? `${event.seatsTaken} lugares reservados (sin límite).`
          : `${event.seatsTaken} de ${event.capacity} lugares reservados.`}{" "}
        Se borran 30 días después del evento.
      </p>
      <p>
        <a href={`/adminpanel/eventos/${encodeURIComponent(event.id)}/reservas.csv`} download>
          Descargar la lista (CSV)
        </a>
      </p>
      <h2 className="h5">Reservas ({booked.length})</h2>
      {booked.length === 0 ? (
        <p>Todavía no hay reservas.</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle">
            <thead>
              <tr>
                <th scope="col">Nombre</th>
                <th scope="col">Correo</th>
                <th scope="col">Niños</th>
                <th scope="col">Adultos</th>
                <th scope="col">Asistencia</th>
              </tr>
            </thead>
            <tbody>
              {booked.map((booking) => (
                <tr key={booking.id} data-testid="booking">
                  <th scope="row">{booking.name}</th>
                  <td className="text-break">{booking.email}</td>
                  <td>{booking.children}</td>
                  <td>{booking.adults}</td>
                  <td>
                    <Attendance booking={booking} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 className="h5">Lista de espera ({waiting.length})</h2>
      {waiting.length === 0 ? (
        <p>Nadie en la lista de espera.</p>
      ) : (
        <ol>
          {waiting.map((booking) => (
            <li key={booking.id} data-testid="waiting">
              {booking.name} ({booking.email}): {booking.children + booking.adults}{" "}
              {booking.children + booking.adults === 1 ? "lugar" : "lugares"}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
