import { Link, useFetcher } from "react-router";
import { formatDateTime } from "../../../lib/dates.ts";
import type { ContactMessage, DeliveryState } from "../contact.server.ts";

/** A stored message as the page receives it: its dates as ISO strings. */
export type ContactMessageView = Omit<ContactMessage, "createdAt" | "nextAttemptAt" | "deliveredAt" | "handledAt"> & {
  createdAt: string;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  handledAt: string | null;
};

export type MessageActionResult = { ok: boolean; message: string };

const STATE_LABEL: Record<DeliveryState, string> = {
  delivered: "Enviado por correo",
  pending: "Pendiente de envío",
  spam: "Spam: no se envía",
};
const STATE_BADGE: Record<DeliveryState, string> = {
  delivered: "bg-success",
  pending: "bg-warning text-dark",
  spam: "bg-secondary",
};

function MessageCard({ message }: { message: ContactMessageView }) {
  const fetcher = useFetcher<MessageActionResult>();
  const handled = fetcher.formData ? fetcher.formData.get("intent") === "handle" : Boolean(message.handledAt);
  const titleId = `message-${message.id}`;
  return (
    <li className="card card-body mb-3" aria-labelledby={titleId} data-testid="contact-message">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h2 id={titleId} className="h6 mb-0">
          {message.name} &lt;{message.email}&gt;
        </h2>
        <span className={`badge ${STATE_BADGE[message.state]}`}>{STATE_LABEL[message.state]}</span>
        {handled && <span className="badge bg-primary">Atendido</span>}
      </div>
      <p className="small mb-2">
        Recibido el {formatDateTime(message.createdAt)}
        {message.deliveredAt && <> · enviado el {formatDateTime(message.deliveredAt)}</>}
        {message.state === "pending" && (
          <>
            {" "}
            · intentos: {message.attempts}
            {message.nextAttemptAt && <> · próximo intento: {formatDateTime(message.nextAttemptAt)}</>}
          </>
        )}
      </p>
      {message.state === "pending" && message.lastError && (
        <p className="small text-danger mb-2">Último error: {message.lastError}</p>
      )}
      <p className="mb-3" style={{ whiteSpace: "pre-wrap" }}>
        {message.comment}
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={message.id} />
        <input type="hidden" name="intent" value={handled ? "reopen" : "handle"} />
        <button type="submit" className="btn btn-sm btn-outline-primary" disabled={fetcher.state !== "idle"}>
          {handled ? "Marcar como pendiente" : "Marcar como atendido"}
        </button>
      </fetcher.Form>
      {fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && (
        <p className="small text-danger mt-2 mb-0" role="alert">
          {fetcher.data.message}
        </p>
      )}
    </li>
  );
}

type Props = { messages: ContactMessageView[]; spam: boolean; total: number; spamTotal: number; waiting: number };

/**
 * After a mail outage, waiting messages are tried again with growing delays (up to an hour):
 * 'Reintentar ahora' sends them at once, and says what happened.
 */
function RetryNow({ waiting }: { waiting: number }) {
  const fetcher = useFetcher<MessageActionResult>();
  const said = fetcher.state === "idle" && fetcher.data ? fetcher.data.message : "";
  return (
    // Mounted on the page whatever the count, so its live region is there before it speaks and
    // what it said stays once the last message has left.
    <div className={waiting > 0 || said ? "alert alert-warning d-flex flex-wrap gap-2 align-items-center" : ""}>
      {waiting > 0 && <span>{waiting} mensajes esperan su envío por correo.</span>}
      {waiting > 0 && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="retry" />
          <button type="submit" className="btn btn-sm btn-primary" disabled={fetcher.state !== "idle"}>
            Reintentar ahora
          </button>
        </fetcher.Form>
      )}
      <p className={said ? "mb-0 w-100" : "visually-hidden"} role="status">
        {said}
      </p>
    </div>
  );
}

/** /adminpanel/mensajes: the contact messages, newest first, or the ones the spam trap caught. */
export function ContactInbox({ messages, spam, total, spamTotal, waiting }: Props) {
  return (
    <div className="container py-5 admin-messages">
      <p className="mb-2">
        <Link to="/adminpanel">← Panel de administración</Link>
      </p>
      <h1 className="mb-3">{spam ? "Mensajes marcados como spam" : "Mensajes de contacto"}</h1>
      <p>
        {spam ? (
          <>
            {spamTotal} mensajes llenaron el campo trampa y no se enviaron.{" "}
            <Link to="/adminpanel/mensajes">Ver los mensajes</Link>
          </>
        ) : (
          <>
            {total} mensajes, el más reciente primero.{" "}
            {spamTotal > 0 && <Link to="/adminpanel/mensajes?spam=1">Ver spam ({spamTotal})</Link>}
          </>
        )}
      </p>
      {!spam && <RetryNow waiting={waiting} />}
      {messages.length === 0 ? (
        <p className="lead">Todavía no hay mensajes.</p>
      ) : (
        <ul className="list-unstyled">
          {messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ul>
      )}
    </div>
  );
}
