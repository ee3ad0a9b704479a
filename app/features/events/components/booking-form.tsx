import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import { MAX_SEATS_PER_BOOKING } from "../booking.schema.ts";
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

/** /reservation: one event's booking form (or its waiting list when full). */
export function BookingPage({ event, result }: { event: BookingPageEvent; result: BookingActionResult | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const refused = result && !result.ok ? result : undefined;
  const errors = refused?.errors ?? {};
  const values = refused?.values;
  const full = event.state === "full" || refused?.offerWaitingList;
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
            <p className="alert alert-secondary" role="status">
              {event.state === "past"
                ? "Este evento ya pasó: ya no se puede reservar."
                : "Este evento ya no recibe reservas."}{" "}
              <Link to="/eventos#proximos">Ver los próximos eventos</Link>
            </p>
          ) : (
            <>
              {full ? (
                <p
                  className="alert alert-warning"
                  data-testid="booking-full"
                  role={refused?.offerWaitingList ? "alert" : undefined}
                >
                  <strong>¡Cupo lleno!</strong> Ya no quedan lugares. Deja tus datos y te anotamos en la lista de
                  espera: si alguien cancela y los lugares alcanzan, son tuyos y te escribimos.
                </p>
              ) : (
                event.seatsLeft !== null && <p data-testid="seats-left">{seatsLeftText(event.seatsLeft)}</p>
              )}
              <Form method="post" noValidate aria-label={full ? "Lista de espera" : "Reservar lugares"}>
                <input type="hidden" name="evento" value={event.id} />
                <FormField id="reserva-nombre" label="Tu nombre (persona adulta)" error={errors.name}>
                  {(control) => (
                    <input
                      {...control}
                      name="name"
                      autoComplete="name"
                      maxLength={80}
                      required
                      defaultValue={values?.name}
                    />
                  )}
                </FormField>
                <FormField id="reserva-correo" label="Tu correo electrónico" error={errors.email}>
                  {(control) => (
                    <input
                      {...control}
                      name="email"
                      type="email"
                      autoComplete="email"
                      required
                      defaultValue={values?.email}
                    />
                  )}
                </FormField>
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
                <p className="small text-body-secondary">
                  Guardamos tu nombre, tu correo y cuántos vienen hasta 30 días después del evento; luego se borran.{" "}
                  <Link to="/privacidad">Privacidad</Link>
                </p>
                <div role="alert" className="text-danger mb-2">
                  {refused && !refused.offerWaitingList ? refused.message : null}
                </div>
                <button
                  type="submit"
                  name="intent"
                  value={full ? "wait" : "book"}
                  className="btn btn-primary"
                  disabled={busy}
                >
                  {busy ? "Un momento..." : full ? "Anotarme en la lista de espera" : "Reservar"}
                </button>
              </Form>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
