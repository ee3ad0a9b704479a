import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import { MAX_SEATS_PER_BOOKING, type BookingFieldErrors, type BookingValues } from "../booking.schema.ts";
import type { BookingActionResult } from "../booking-flow.server.ts";

export type BookingPageEvent = {
  id: string;
  name: string;
  when: string;
  place: string;
  /** Seats still free; null: no limit. */
  seatsLeft: number | null;
  state: "open" | "full" | "past" | "closed";
};

const seatsLeftText = (left: number) => (left === 1 ? "Queda 1 lugar." : `Quedan ${left} lugares.`);

/** What the page says once the booking (or the place on the waiting list) is made. */
function Done({ result }: { result: Extract<BookingActionResult, { ok: true }> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const what = result.kind === "booked" ? "Tu reserva está hecha" : "Estás en la lista de espera";
  return (
    <section className="alert alert-success" aria-labelledby="reserva-hecha">
      <h2 id="reserva-hecha" className="h4" tabIndex={-1} ref={heading}>
        {what}
      </h2>
      <p role="status">
        {result.kind === "booked"
          ? `Reservaste ${result.seats === 1 ? "1 lugar" : `${result.seats} lugares`}.`
          : "Si alguien cancela y los lugares alcanzan, son tuyos y te escribimos."}
      </p>
      {result.mailed ? (
        <p>Te enviamos un correo a {result.email} con el enlace para cancelar, por si al final no pueden venir.</p>
      ) : (
        <>
          <p>
            <strong>No se envió ningún correo.</strong> Guarda este enlace ahora: es la única forma de cancelar y no se
            volverá a mostrar.
          </p>
          <p className="text-break">
            <a href={result.cancelUrl ?? ""} data-testid="cancel-link">
              {result.cancelUrl}
            </a>
          </p>
        </>
      )}
      <p className="mb-0">
        <Link to="/eventos#proximos">Volver a los eventos</Link>
      </p>
    </section>
  );
}

type Refused = Extract<BookingActionResult, { ok: false }>;
type FieldsProps = { errors: BookingFieldErrors; values: BookingValues | undefined };

/** Who books: an adult's name and e-mail address. */
function ContactFields({ errors, values }: FieldsProps) {
  return (
    <>
      <FormField id="reserva-nombre" label="Tu nombre (persona adulta)" error={errors.name}>
        {(control) => (
          <input {...control} name="name" autoComplete="name" maxLength={80} required defaultValue={values?.name} />
        )}
      </FormField>
      <FormField id="reserva-correo" label="Tu correo electrónico" error={errors.email}>
        {(control) => (
          <input {...control} name="email" type="email" autoComplete="email" required defaultValue={values?.email} />
        )}
      </FormField>
    </>
  );
}

/** How many come: children and adults, with the error about the two together. */
function SeatsFields({ errors, values }: FieldsProps) {
  return (
    <fieldset className="mb-3" aria-describedby={errors.seats ? "reserva-lugares-error" : undefined}>
      <legend className="form-label fs-6">¿Cuántos vienen? (hasta {MAX_SEATS_PER_BOOKING} en total)</legend>
      <div className="row g-2">
        <FormField id="reserva-ninos" label="Niños y niñas" error={errors.children} className="col-6">
          {(control) => (
            <input
              {...control}
              aria-invalid={control["aria-invalid"] ?? (errors.seats ? true : undefined)}
              name="children"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_SEATS_PER_BOOKING}
              step={1}
              defaultValue={values?.children ?? "1"}
            />
          )}
        </FormField>
        <FormField id="reserva-adultos" label="Personas adultas" error={errors.adults} className="col-6">
          {(control) => (
            <input
              {...control}
              aria-invalid={control["aria-invalid"] ?? (errors.seats ? true : undefined)}
              name="adults"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_SEATS_PER_BOOKING}
              step={1}
              defaultValue={values?.adults ?? "1"}
            />
          )}
        </FormField>
      </div>
      {errors.seats && (
        <p id="reserva-lugares-error" className="invalid-feedback d-block">
          {errors.seats}
        </p>
      )}
    </fieldset>
  );
}

/** The consent to be written to about this event only. */
function ConsentCheck({ errors, values }: FieldsProps) {
  return (
    <div className="form-check mb-3">
      <input
        className={`form-check-input${errors.consent ? " is-invalid" : ""}`}
        type="checkbox"
        name="consent"
        id="reserva-permiso"
        defaultChecked={values?.consent}
        aria-invalid={errors.consent ? true : undefined}
        aria-describedby={errors.consent ? "reserva-permiso-error" : undefined}
      />
      <label className="form-check-label" htmlFor="reserva-permiso">
        Acepto que me escriban a este correo solo sobre este evento.
      </label>
      {errors.consent && (
        <p id="reserva-permiso-error" className="invalid-feedback d-block">
          {errors.consent}
        </p>
      )}
    </div>
  );
}

/** Why a past or closed event cannot be booked, and where the next ones are. */
function NotBookable({ state }: { state: "past" | "closed" }) {
  return (
    <p className="alert alert-secondary" role="status">
      {state === "past" ? "Este evento ya pasó: ya no se puede reservar." : "Este evento ya no recibe reservas."}{" "}
      <Link to="/eventos#proximos">Ver los próximos eventos</Link>
    </p>
  );
}

/** Above the form: the event is full (the form is the waiting list's), or how many seats are left. */
function SeatsNotice({ event, full, refused }: { event: BookingPageEvent; full: boolean; refused?: Refused }) {
  if (full)
    return (
      <p
        className="alert alert-warning"
        data-testid="booking-full"
        role={refused?.offerWaitingList ? "alert" : undefined}
      >
        <strong>¡Cupo lleno!</strong> Ya no quedan lugares. Deja tus datos y te anotamos en la lista de espera: si
        alguien cancela y los lugares alcanzan, son tuyos y te escribimos.
      </p>
    );
  return event.seatsLeft !== null && <p data-testid="seats-left">{seatsLeftText(event.seatsLeft)}</p>;
}

/** The booking form, or the waiting list's when the event is full; a refused booking's answers stay. */
function BookingForm({ event, refused }: { event: BookingPageEvent; refused?: Refused }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = refused?.errors ?? {};
  const values = refused?.values;
  const full = event.state === "full" || refused?.offerWaitingList;
  return (
    <>
      <SeatsNotice event={event} full={Boolean(full)} refused={refused} />
      <Form method="post" noValidate aria-label={full ? "Lista de espera" : "Reservar lugares"}>
        <input type="hidden" name="evento" value={event.id} />
        <ContactFields errors={errors} values={values} />
        <SeatsFields errors={errors} values={values} />
        <ConsentCheck errors={errors} values={values} />
        <p className="small text-body-secondary">
          Guardamos tu nombre, tu correo y cuántos vienen hasta 30 días después del evento; luego se borran.{" "}
          <Link to="/privacidad">Privacidad</Link>
        </p>
        <div role="alert" className="text-danger mb-2">
          {refused && !refused.offerWaitingList ? refused.message : null}
        </div>
        <button type="submit" name="intent" value={full ? "wait" : "book"} className="btn btn-primary" disabled={busy}>
          {busy ? "Un momento..." : full ? "Anotarme en la lista de espera" : "Reservar"}
        </button>
      </Form>
    </>
  );
}

/** /reservation: one event's booking form (or its waiting list when full). */
export function BookingPage({ event, result }: { event: BookingPageEvent; result: BookingActionResult | undefined }) {
  const refused = result && !result.ok ? result : undefined;
  return (
    <div className="container py-5 booking-page">
      <div className="row justify-content-center">
        <div className="col-md-9 col-lg-7">
          <p className="page-kicker mb-1">Reservar</p>
          <h1 className="mb-2">{event.name}</h1>
          <p className="mb-1">{event.when}</p>
          <p>{event.place}</p>
          {result?.ok ? (
            <Done result={result} />
          ) : event.state === "past" || event.state === "closed" ? (
            <NotBookable state={event.state} />
          ) : (
            <BookingForm event={event} refused={refused} />
          )}
        </div>
      </div>
    </div>
  );
}
