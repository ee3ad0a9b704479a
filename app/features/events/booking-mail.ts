import type { Mail } from "../../lib/mail.server.ts";
import { eventWhen } from "./event-schedule.ts";

type MailFacts = { to: string; name: string; eventName: string; startsAt: Date; seats: number; cancelUrl: string };

const when = (startsAt: Date) => {
  const { date, time } = eventWhen(startsAt.toISOString());
  return `${date}, ${time} h`;
};
const seatsText = (seats: number) => (seats === 1 ? "1 lugar" : `${seats} lugares`);
const SIGNATURE = ["", "Solo te escribiremos sobre este evento.", "", "Valentina y Taquito"];

/** The confirmation of a booking, with its one-use cancel link. */
export function bookingConfirmationMail(facts: MailFacts): Mail {
  return {
    kind: "booking",
    to: facts.to,
    subject: `Tu reserva para «${facts.eventName}»`,
    text: [
      `¡Hola, ${facts.name}!`,
      "",
      `Reservaste ${seatsText(facts.seats)} para «${facts.eventName}» (${when(facts.startsAt)}).`,
      "",
      "Si al final no pueden venir, cancela aquí para que otra familia aproveche el lugar:",
      facts.cancelUrl,
      "",
      "El enlace sirve una sola vez. No necesitas cuenta.",
      ...SIGNATURE,
    ].join("\n"),
  };
}

/** A place on the waiting list, with the link to leave it. */
export function waitingListMail(facts: MailFacts): Mail {
  return {
    kind: "booking",
    to: facts.to,
    subject: `Estás en la lista de espera de «${facts.eventName}»`,
    text: [
      `¡Hola, ${facts.name}!`,
      "",
      `«${facts.eventName}» (${when(facts.startsAt)}) está lleno. Te anotamos en la lista de espera para ${seatsText(facts.seats)}.`,
      "Si alguien cancela y los lugares alcanzan, son tuyos y te escribimos.",
      "",
      "Para salir de la lista de espera:",
      facts.cancelUrl,
      ...SIGNATURE,
    ].join("\n"),
  };
}

/** The first on the waiting list got the seats a cancellation freed. */
export function seatFreedMail(facts: MailFacts): Mail {
  return {
    kind: "booking",
    to: facts.to,
    subject: `¡Se liberó un lugar en «${facts.eventName}»!`,
    text: [
      `¡Hola, ${facts.name}!`,
      "",
      `Alguien canceló y ahora tienes ${seatsText(facts.seats)} reservados para «${facts.eventName}» (${when(facts.startsAt)}).`,
      "",
      "Si ya no pueden venir, cancela aquí (este enlace reemplaza al de la lista de espera):",
      facts.cancelUrl,
      ...SIGNATURE,
    ].join("\n"),
  };
}
