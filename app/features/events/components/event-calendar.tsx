import type { EventView } from "../events-content.server.ts";

type EventGroup = { heading: string; events: EventView[] };
type CalendarContent = {
  eyebrow: string;
  title: string;
  intro: string;
  upcoming: EventGroup & { empty: string };
  past: EventGroup;
};

const STATUS_CLASS: Record<EventView["status"]["availability"], string> = {
  available: "",
  "sold-out": "text-bg-danger",
  free: "text-bg-secondary",
  past: "text-bg-light border",
};

function EventStatus({ status }: { status: EventView["status"] }) {
  if (status.reservation) {
    return (
      // The booking page is often the organiser's, on another site.
      <a href={status.reservation.to} className="btn btn-success btn-sm" rel="noopener">
        {status.label}
        <span className="visually-hidden">{status.reservation.context}</span>
      </a>
    );
  }
  return <span className={`badge ${STATUS_CLASS[status.availability]}`}>{status.label}</span>;
}

/** The season's events: the upcoming ones first (soonest first), then the past ones below. */
export function EventCalendar({ calendar }: { calendar: CalendarContent }) {
  return (
    <section className="event-calendar page-block" aria-labelledby="calendario-titulo">
      <p className="page-kicker mb-1">{calendar.eyebrow}</p>
      <h2 id="calendario-titulo">{calendar.title}</h2>
      <p>{calendar.intro}</p>
      {/* /reservation and the home page's 'Reserva tu lugar' lead here when nothing is bookable. */}
      <section aria-labelledby="proximos" data-testid="upcoming-events">
        <h3 id="proximos" className="h4">
          {calendar.upcoming.heading}
        </h3>
        {calendar.upcoming.events.length > 0 ? (
          <EventList events={calendar.upcoming.events} />
        ) : (
          <p>{calendar.upcoming.empty}</p>
        )}
      </section>
      {calendar.past.events.length > 0 && (
        <section aria-labelledby="pasados" data-testid="past-events">
          <h3 id="pasados" className="h4">
            {calendar.past.heading}
          </h3>
          <EventList events={calendar.past.events} />
        </section>
      )}
    </section>
  );
}

function EventList({ events }: { events: EventView[] }) {
  return (
    <ol className="list-unstyled event-list">
      {events.map((event) => (
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
            <h4 className="h5">{event.name}</h4>
            <p className="event-place mb-2">{event.place}</p>
            <p>{event.description}</p>
            {event.capacity && <p className="small mb-2">{event.capacity}</p>}
            <EventStatus status={event.status} />
          </div>
        </li>
      ))}
    </ol>
  );
}
