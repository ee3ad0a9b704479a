import { useCallback, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import type { ClassComment } from "../class-board.server.ts";
import { CLASS_MESSAGES } from "../class-messages.ts";
import type { ClassActionResult } from "../class-action-result.ts";

const STATUS_LABELS: Record<ClassComment["status"], string> = {
  visible: "Lo ve la clase",
  held: "En revisión",
  hidden: "Ocultado",
};

/** The teacher's two decisions on a class comment, each offered unless it is already so. */
const DECISIONS = [
  { value: "approve", label: "Aprobar", style: "btn-success", unless: "visible" },
  { value: "hide", label: "Ocultar", style: "btn-outline-secondary", unless: "hidden" },
] as const;

type Settled = (commentId: string | null, result: ClassActionResult) => void;

/**
 * The class's discussion on its page: each held comment with why it was held, 'Aprobar' and
 * 'Ocultar' decided in place (a fetcher: the page neither reloads nor scrolls), and 'Aprobar
 * todos' for every held one shown. After a decision the keyboard goes to the next comment to
 * moderate ('Aprobar', described by its text and reasons), else to the message that says so.
 */
export function ClassComments({ comments }: { comments: ClassComment[] }) {
  const list = useRef<HTMLUListElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  // Without script the post comes back as the whole page, with the action's notice.
  const posted = useActionData<ClassActionResult>();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const shown = message ?? (posted?.notice ? { text: posted.notice, error: false } : null);
  const held = comments.filter((comment) => comment.status === "held");
  // Read here, not in ApproveAll: once all are approved that form is gone before its answer settles.
  const approveAll = useFetcher<ClassActionResult>({ key: APPROVE_ALL });

  const settled = useCallback<Settled>((commentId, result) => {
    const next = result.formError ? null : nextToModerate(list.current, commentId);
    setMessage({
      text: result.formError ?? (next ? result.notice : `${result.notice} ${NONE_LEFT}`) ?? "",
      error: Boolean(result.formError),
    });
    if (next) next.focus();
    else status.current?.focus();
  }, []);
  useSettled(approveAll, (result) => settled(null, result));

  return (
    <section aria-labelledby="class-comments-title">
      <h2 id="class-comments-title" className="h4 mt-5">
        Comentarios de la clase
      </h2>
      <p className="small text-body-secondary">
        Solo los ven tus estudiantes y tú, y solo después de que los apruebes.
      </p>
      {/* Not role=status: the page's own notice is that (one per page); this one is as polite. */}
      <div aria-live="polite" data-testid="class-comments-status">
        {/* One element, shown or not: focus given to it before the message renders stays there. */}
        <p
          ref={status}
          tabIndex={-1}
          className={shown ? `alert ${shown.error ? "alert-danger" : "alert-success"}` : "visually-hidden"}
        >
          {shown?.text}
        </p>
      </div>
      {held.length > 1 && <ApproveAll ids={held.map((comment) => comment.id)} />}
      {comments.length === 0 ? (
        <p>Nadie de la clase ha comentado todavía.</p>
      ) : (
        <ul className="list-unstyled mb-3" ref={list}>
          {comments.map((comment) => (
            <CommentToModerate key={comment.id} comment={comment} onSettled={settled} />
          ))}
        </ul>
      )}
    </section>
  );
}

const NONE_LEFT = CLASS_MESSAGES.noneLeft;
const APPROVE_ALL = "class-approve-all";

/** The 'Aprobar' of the first held comment after `commentId` in the list, else of the first held one. */
function nextToModerate(list: HTMLUListElement | null, commentId: string | null) {
  const items = [...(list?.querySelectorAll<HTMLElement>("li[data-comment-id]") ?? [])];
  const at = items.findIndex((item) => item.dataset.commentId === commentId);
  const ordered = [...items.slice(at + 1), ...items.slice(0, Math.max(at, 0))];
  const next = ordered.find((item) => item.dataset.status === "held");
  return next?.querySelector<HTMLButtonElement>('button[value="approve"]') ?? null;
}

/** Calls `onSettled` once per answer, after the page's data came back with the change. */
function useSettled(fetcher: { state: string; data?: ClassActionResult }, onSettled: (r: ClassActionResult) => void) {
  const { state, data } = fetcher;
  useEffect(() => {
    if (state === "idle" && data) onSettled(data);
    // Only a new answer: `onSettled` is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, data]);
}

function CommentToModerate({ comment, onSettled }: { comment: ClassComment; onSettled: Settled }) {
  const fetcher = useFetcher<ClassActionResult>();
  useSettled(fetcher, (result) => onSettled(comment.id, result));
  const textId = `class-comment-${comment.id}`;
  const reasonsId = `class-comment-reasons-${comment.id}`;
  return (
    <li
      className="card card-body mb-2"
      data-testid="class-comment"
      data-comment-id={comment.id}
      data-status={comment.status}
    >
      <p className="mb-1">
        <strong>{comment.apodo}</strong> en «{comment.chapterTitle}» ·{" "}
        <span className="badge text-bg-secondary">{STATUS_LABELS[comment.status]}</span>
      </p>
      <p className="mb-2 text-break" id={textId}>
        {comment.text}
      </p>
      {comment.holdReasons.length > 0 && (
        <p className="small mb-2" id={reasonsId} data-testid="class-comment-reasons">
          <span className="visually-hidden">Por qué está en revisión: </span>
          {comment.holdReasons.join(" · ")}
        </p>
      )}
      <fetcher.Form method="post" className="d-flex gap-2">
        <input type="hidden" name="intent" value="moderar" />
        <input type="hidden" name="commentId" value={comment.id} />
        {DECISIONS.filter((decision) => decision.unless !== comment.status).map((decision) => (
          <button
            key={decision.value}
            type="submit"
            name="decision"
            value={decision.value}
            className={`btn btn-sm ${decision.style}`}
            aria-describedby={comment.holdReasons.length ? `${textId} ${reasonsId}` : textId}
            disabled={fetcher.state !== "idle"}
          >
            {decision.label}
          </button>
        ))}
      </fetcher.Form>
    </li>
  );
}

/** Every held comment the page shows, approved at once (the server takes all of them or none). */
function ApproveAll({ ids }: { ids: string[] }) {
  const fetcher = useFetcher<ClassActionResult>({ key: APPROVE_ALL });
  return (
    <fetcher.Form method="post" className="mb-3 d-flex flex-wrap align-items-center gap-2">
      <input type="hidden" name="intent" value="aprobar-todos" />
      {ids.map((id) => (
        <input key={id} type="hidden" name="commentId" value={id} />
      ))}
      <button
        type="submit"
        className="btn btn-success btn-sm"
        aria-describedby="class-approve-all-count"
        disabled={fetcher.state !== "idle"}
      >
        Aprobar todos
      </button>
      <span id="class-approve-all-count" className="small">
        {ids.length} comentarios en revisión
      </span>
    </fetcher.Form>
  );
}
