import type { EventView } from "../events-content.server.ts";

type CalendarContent = { eyebrow: string; title: string; intro: string; events: EventView[] };

const STATUS_CLASS: Record<EventView["status"]["availability"], string> = {
  available: "",
  "sold-out": "text-bg-danger",
  free: "text-bg-secondary",
  past: "text-bg-light border",
};

function EventStatus({ status }: { status: EventView["status"] }) {
  if (status.reservation) {
    return (
      // The booking page is the organiser's, on another site.
      <a href={status.reservation.to} className="btn btn-success btn-sm" rel="noopener">
        {status.label}
        <span className="visually-hidden">{status.reservation.context}</span>
      </a>
    );
  }
  return <span className={`badge ${STATUS_CLASS[status.availability]}`}>{status.label}</span>;
}

/** The season's events, in date order, each with its availability. */
export function EventCalendar({ calendar }: { calendar: CalendarContent }) {
  return (
    <section className="event-calendar page-block" aria-labelledby="calendario-titulo">
      <p className="page-kicker mb-1">{calendar.eyebrow}</p>
      <h2 id="calendario-titulo">{calendar.title}</h2>
      <p>{calendar.intro}</p>
      <ol className="list-unstyled event-list">
        {calendar.events.map((event) => (
          <li
            key={event.id}
            className={`card event-card${event.past ? " is-past" : ""}`}
            data-testid="event"
            data-past={event.past ? "true" : undefined}
          >
            <div className="card-body">
              <p className="event-when mb-1">
                <time dateTime={event.startDate}>
                  {event.date}, {event.time}
                </time>
              </p>
              <h3 className="h5">{event.name}</h3>
              <p className="event-place mb-2">{event.place}</p>
              <p>{event.description}</p>
              {event.capacity && <p className="small mb-2">{event.capacity}</p>}
              <EventStatus status={event.status} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
