import { Link, useFetcher } from "react-router";
import { useLiveRevalidation } from "../../../ui/use-live.ts";
import { COMMENTS_QUEUE_TOPIC } from "../comment-topics.ts";
import { HOLD_LABELS, MODERATION_LABELS, MODERATION_ACTIONS, type ModerationAction } from "../moderation-labels.ts";
import type { DecisionView, QueueItem } from "../comment-moderation.server.ts";
import { formatCommentDate } from "../format-date.ts";

export type ModerationActionResult = { ok: true } | { ok: false; error: string };

type Props = { queue: QueueItem[]; decisions: DecisionView[] };

const DECISION_LABELS: Record<ModerationAction, string> = {
  approve: "Aprobó",
  hide: "Ocultó",
  delete: "Borró",
};

/** /adminpanel/comentarios: held and reported comments, one click to decide, and the record. */
export function ModerationQueue({ queue, decisions }: Props) {
  // Another admin's decision, a new held comment or a new report shows up without a reload.
  useLiveRevalidation([COMMENTS_QUEUE_TOPIC]);
  return (
    <div className="container py-5 comments-queue">
      <p>
        <Link to="/adminpanel">← Administradores</Link>
      </p>
      <h1 className="mb-4">Comentarios por revisar</h1>
      {queue.length === 0 ? (
        <p className="queue-empty">No hay comentarios por revisar.</p>
      ) : (
        <ol className="list-unstyled" aria-label="Comentarios por revisar">
          {queue.map((item) => (
            <QueueEntry key={item.id} item={item} />
          ))}
        </ol>
      )}
      <h2 className="h4 mt-5">Decisiones</h2>
      {decisions.length === 0 ? (
        <p>Todavía no hay decisiones.</p>
      ) : (
        // Wider than a phone: the table scrolls in its own region (a keyboard can reach and scroll it).
        <div className="comment-decisions-scroll" role="region" aria-label="Tabla: decisiones" tabIndex={0}>
          <table className="table table-sm comment-decisions">
            <caption className="visually-hidden">Decisiones sobre comentarios, la más reciente primero</caption>
            <thead>
              <tr>
                <th scope="col">Cuándo</th>
                <th scope="col">Quién</th>
                <th scope="col">Qué</th>
                <th scope="col">Capítulo</th>
                <th scope="col">Apodo</th>
                <th scope="col">Comentario</th>
              </tr>
            </thead>
            <tbody>
              {decisions.map((decision) => (
                <tr key={decision.id}>
                  <td>
                    <time dateTime={decision.createdAt} suppressHydrationWarning>
                      {formatCommentDate(decision.createdAt)}
                    </time>
                  </td>
                  <td>{decision.adminEmail}</td>
                  <td>{DECISION_LABELS[decision.action]}</td>
                  <td>{decision.sectionId}</td>
                  <td>{decision.apodo}</td>
                  <td className="text-break">{decision.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function QueueEntry({ item }: { item: QueueItem }) {
  const fetcher = useFetcher<ModerationActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const reasons = [
    ...item.holdReasons.map((reason) => HOLD_LABELS[reason] ?? reason),
    ...item.reports.map((report) => `Reporte: ${report.reason}`),
  ];
  return (
    <li className="card card-body mb-3 queue-item" data-comment-id={item.id}>
      <p className="mb-1 small">
        <strong>{item.chapterTitle}</strong> · <span className="queue-apodo">{item.apodo}</span> ·{" "}
        <time dateTime={item.createdAt} suppressHydrationWarning>
          {formatCommentDate(item.createdAt)}
        </time>{" "}
        · {item.status === "held" ? "En revisión (nadie más lo ve)" : "Visible, con reportes"}
      </p>
      {/* Text, never HTML: React escapes it. */}
      <p className="mb-2 queue-text text-break">{item.text}</p>
      <ul className="small mb-2 queue-reasons">
        {reasons.map((reason, index) => (
          <li key={index}>{reason}</li>
        ))}
      </ul>
      <fetcher.Form method="post" className="d-flex flex-wrap gap-2">
        <input type="hidden" name="commentId" value={item.id} />
        {MODERATION_ACTIONS.map((decision) => (
          <button
            key={decision}
            type="submit"
            name="decision"
            value={decision}
            className={`btn btn-sm ${decision === "approve" ? "btn-success" : "btn-outline-danger"}`}
            disabled={fetcher.state !== "idle"}
          >
            {MODERATION_LABELS[decision]}
          </button>
        ))}
      </fetcher.Form>
      {result && !result.ok && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {result.error}
        </p>
      )}
    </li>
  );
}
