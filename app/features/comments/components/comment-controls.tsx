import { useFetcher } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import { MODERATION_LABELS, REPORT_REASONS } from "../moderation-labels.ts";
import type { CommentActionResult, CommentItem } from "./comment-types.ts";

type Props = { comment: CommentItem; isAdmin: boolean };

/**
 * What a signed-in reader can do with one comment: delete their own, report another's (once),
 * or, as an admin, approve, hide or delete it. The server checks each of these again.
 */
export function CommentControls({ comment, isAdmin }: Props) {
  const fetcher = useFetcher<CommentActionResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  if (isAdmin) {
    return (
      <fetcher.Form method="post" className="d-flex flex-wrap gap-2 mt-2 comment-moderation">
        <input type="hidden" name="intent" value="moderate" />
        <input type="hidden" name="commentId" value={comment.id} />
        {(comment.status === "held" ? (["approve", "hide", "delete"] as const) : (["hide", "delete"] as const)).map(
          (decision) => (
            <button
              key={decision}
              type="submit"
              name="decision"
              value={decision}
              className={`btn btn-sm ${decision === "approve" ? "btn-success" : "btn-outline-danger"}`}
              disabled={busy}
            >
              {MODERATION_LABELS[decision]}
            </button>
          ),
        )}
        {result && !result.ok && (
          <p className="text-danger small mb-0" role="alert">
            {result.error}
          </p>
        )}
      </fetcher.Form>
    );
  }
  if (comment.mine) {
    return (
      <fetcher.Form method="post" className="mt-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="commentId" value={comment.id} />
        <button type="submit" className="btn btn-sm btn-outline-danger" disabled={busy}>
          Borrar
        </button>
      </fetcher.Form>
    );
  }
  if (comment.reportedByMe || result?.ok) {
    return <p className="small text-body-secondary mt-2 mb-0">Reportado. Gracias por avisarnos.</p>;
  }
  const fieldId = `report-reason-${comment.id}`;
  return (
    <details className="mt-2 comment-report">
      <summary className="small">Reportar</summary>
      <fetcher.Form method="post" className="mt-2">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="commentId" value={comment.id} />
        <FormField
          id={fieldId}
          label="Motivo"
          select
          error={result && !result.ok ? result.error : null}
          className="mb-2"
        >
          {(control) => (
            <select {...control} name="reason" required defaultValue="">
              <option value="" disabled>
                Elige un motivo
              </option>
              {REPORT_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="submit" className="btn btn-sm btn-outline-secondary" disabled={busy}>
          Enviar reporte
        </button>
      </fetcher.Form>
    </details>
  );
}
