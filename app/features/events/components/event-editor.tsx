import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import type { EventFieldErrors } from "../event.schema.ts";
import type { EditableEvent } from "../events.server.ts";

export type EventActionResult = { key: string; ok: boolean; message: string; errors?: EventFieldErrors };

const BLANK: Omit<EditableEvent, "id" | "past" | "bookedHere" | "seatsTaken"> = {
  name: "",
  description: "",
  date: "",
  time: "",
  placeName: "",
  city: "",
  region: "",
  capacity: "",
  soldOut: false,
  bookingUrl: "",
};

/** The event's fields; `id` gives each field's id within its form. */
function EventFields({
  id,
  errors,
  values,
}: {
  id: (field: string) => string;
  errors: EventFieldErrors;
  values: typeof BLANK;
}) {
  return (
    <div className="row g-2">
      <FormField id={id("name")} label="Nombre" error={errors.name} className="col-md-6">
        {(control) => <input {...control} name="name" defaultValue={values.name} maxLength={120} required />}
      </FormField>
      <FormField id={id("date")} label="Fecha" error={errors.date} className="col-6 col-md-3">
        {(control) => <input {...control} name="date" type="date" defaultValue={values.date} required />}
      </FormField>
      <FormField id={id("time")} label="Hora (Ciudad de México)" error={errors.time} className="col-6 col-md-3">
        {(control) => <input {...control} name="time" type="time" defaultValue={values.time} required />}
      </FormField>
      <FormField id={id("placeName")} label="Lugar" error={errors.placeName} className="col-md-6">
        {(control) => <input {...control} name="placeName" defaultValue={values.placeName} maxLength={120} required />}
      </FormField>
      <FormField id={id("city")} label="Ciudad" error={errors.city} className="col-6 col-md-3">
        {(control) => <input {...control} name="city" defaultValue={values.city} maxLength={80} required />}
      </FormField>
      <FormField id={id("region")} label="Estado" error={errors.region} className="col-6 col-md-3">
        {(control) => <input {...control} name="region" defaultValue={values.region} maxLength={80} />}
      </FormField>
      <FormField
        id={id("capacity")}
        label="Cupo (lugares)"
        hint="Vacío si no hay límite."
        error={errors.capacity}
        className="col-6 col-md-3"
      >
        {(control) => (
          <input {...control} name="capacity" type="number" min={1} step={1} defaultValue={values.capacity} />
        )}
      </FormField>
      <FormField
        id={id("bookingUrl")}
        label="Enlace para reservar"
        hint="Vacío si la entrada es libre; /reservation para que este sitio tome las reservas y cuente los lugares. Nunca se ofrece cuando el evento ya pasó."
        error={errors.bookingUrl}
        className="col-md-9"
      >
        {(control) => (
          <input
            {...control}
            name="bookingUrl"
            type="url"
            inputMode="url"
            placeholder="https://"
            defaultValue={values.bookingUrl}
          />
        )}
      </FormField>
      <FormField id={id("description")} label="Descripción" error={errors.description} className="col-12">
        {(control) => (
          <textarea {...control} name="description" rows={2} maxLength={600} defaultValue={values.description} />
        )}
      </FormField>
    </div>
  );
}

/** Save (or add), the event's bookings when this site takes them, delete, and the answer. */
function EventActions({
  event,
  busy,
  result,
}: {
  event?: EditableEvent;
  busy: boolean;
  result: EventActionResult | undefined;
}) {
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center">
      <button type="submit" name="intent" value={event ? "save" : "add"} className="btn btn-primary" disabled={busy}>
        {event ? "Guardar" : "Agregar evento"}
      </button>
      {event?.bookedHere && (
        <Link to={`/adminpanel/eventos/${encodeURIComponent(event.id)}`} className="btn btn-outline-secondary">
          Reservas ({event.seatsTaken} {event.seatsTaken === 1 ? "lugar" : "lugares"})
          <span className="visually-hidden">: {event.name}</span>
        </Link>
      )}
      {event && (
        <button type="submit" name="intent" value="delete" className="btn btn-outline-danger" disabled={busy}>
          Borrar
        </button>
      )}
      <span role="status" className={result?.ok === false ? "text-danger" : "text-success"}>
        {result?.message}
      </span>
    </div>
  );
}

/** One event's form: editing an existing one (with 'Borrar'), or adding a new one. */
function EventForm({ event }: { event?: EditableEvent }) {
  const fetcher = useFetcher<EventActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const key = event?.id ?? "nuevo";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = result?.errors ?? {};
  const values = event ?? BLANK;
  const id = (field: string) => `evento-${key}-${field}`;
  const busy = fetcher.state !== "idle";

  // A new event that was added clears the form for the next one.
  useEffect(() => {
    if (!event && result?.ok) form.current?.reset();
  }, [event, result]);

  return (
    <fetcher.Form method="post" ref={form} noValidate aria-labelledby={id("titulo")}>
      <input type="hidden" name="id" value={event?.id ?? ""} />
      <h3 id={id("titulo")} className="h6">
        {event ? event.name : "Nuevo evento"}
        {event?.past && <span className="badge text-bg-light border ms-2">Ya pasó</span>}
      </h3>
      <EventFields id={id} errors={errors} values={values} />
      <div className="form-check mb-2">
        <input
          className="form-check-input"
          type="checkbox"
          name="soldOut"
          id={id("soldOut")}
          defaultChecked={values.soldOut}
        />
        <label className="form-check-label" htmlFor={id("soldOut")}>
          ¡Cupo lleno!
        </label>
      </div>
      <EventActions event={event} busy={busy} result={result} />
    </fetcher.Form>
  );
}

/** /adminpanel/eventos: the calendar's events, each editable, and a form to add one. */
export function EventEditor({ events }: { events: EditableEvent[] }) {
  return (
    <div className="container py-5 admin-events">
      <p>
        <Link to="/adminpanel">← Administradores</Link>
      </p>
      <h1 className="mb-3">Eventos</h1>
      <p>
        Las fechas y horas son las del lugar (hora de la Ciudad de México). Un evento que ya pasó se muestra como «Ya
        pasó» y no se puede reservar.
      </p>
      <section className="card card-body mb-4" aria-label="Agregar evento">
        <EventForm />
      </section>
      <h2 className="h5">Calendario ({events.length})</h2>
      <ol className="list-unstyled">
        {events.map((event) => (
          <li key={event.id} className="card card-body mb-3" data-testid="admin-event">
            <EventForm event={event} />
          </li>
        ))}
      </ol>
    </div>
  );
}
