import { Link, data, useFetcher, useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.mensajes";
import { listContactMessages, setMessageHandled, type DeliveryState } from "../features/contact/contact.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../composition/context.server.ts";
import { requireAdmin } from "../composition/session.server.ts";
import { formatDateTime } from "../lib/dates.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const spam = url.searchParams.get("spam") === "1";
  const { messages, total, spamTotal } = await listContactMessages(services(context).db, { spam });
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    spam,
    total,
    spamTotal,
    messages: messages.map((message) => ({
      ...message,
      createdAt: message.createdAt.toISOString(),
      nextAttemptAt: iso(message.nextAttemptAt),
      deliveredAt: iso(message.deliveredAt),
      handledAt: iso(message.handledAt),
    })),
  };
}

type ActionResult = { ok: boolean; message: string };

export async function action({ request, url, context }: Route.ActionArgs) {
  await requireAdmin({ url, context });
  const form = await request.formData();
  const id = form.get("id");
  const intent = form.get("intent");
  if (typeof id !== "string" || !id || (intent !== "handle" && intent !== "reopen")) {
    return data<ActionResult>({ ok: false, message: "Solicitud no válida." }, { status: 400 });
  }
  const found = await setMessageHandled(services(context).db, id, intent === "handle");
  if (!found) return data<ActionResult>({ ok: false, message: "Ese mensaje ya no existe." }, { status: 404 });
  return {
    ok: true,
    message: intent === "handle" ? "Mensaje marcado como atendido." : "Mensaje marcado como pendiente.",
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Mensajes de contacto",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

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

type MessageView = ReturnType<typeof useLoaderData<typeof loader>>["messages"][number];

function MessageCard({ message }: { message: MessageView }) {
  const fetcher = useFetcher<ActionResult>();
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

export default function ContactMessagesPage() {
  const { messages, spam, total, spamTotal } = useLoaderData<typeof loader>();
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
