import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import { pendingComments, queueComment, sendPendingComments } from "../comment-outbox.ts";
import { checkComment, COMMENT_MAX_LENGTH, COMMENT_MESSAGES } from "../comment.schema.ts";
import type { CommentActionResult } from "./comment-types.ts";

/** How long a posted comment may take to reach the list before focus stays where it is. */
const WAIT_FOR_POSTED_MS = 10_000;

/**
 * Focuses the posted comment's element once the list shows it: at once most often, later when it
 * comes through the live feed (a busy server, a phone's slow frames). Meanwhile the reader may
 * have moved on: focus is taken only from nowhere (the disabled button let it go) or the form.
 * Until the wait ends, a render that replaces the focused comment's element (focus then falls to
 * nowhere) moves focus to its new element. Returns what stops waiting (the form unmounts, or the
 * reader posts again).
 */
function focusComment(commentId: string, form: HTMLFormElement | null): () => void {
  const selector = `li[data-comment-id="${CSS.escape(commentId)}"]`;
  let focused: HTMLElement | null = null;
  const observer = new MutationObserver(() => follow());
  const timer = setTimeout(() => stop(), WAIT_FOR_POSTED_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const follow = () => {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element || element === focused) return;
    const active = document.activeElement;
    const leftNowhere = !active || active === document.body;
    // The reader went elsewhere: their focus is theirs.
    if (!leftNowhere && (focused || !form?.contains(active))) return stop();
    element.focus();
    focused = element;
  };
  observer.observe(document.body, { childList: true, subtree: true });
  follow();
  return stop;
}

/** A signed-in reader's comment box (loaded on demand by CommentsSection). */
export function CommentForm({ prompt }: { prompt: string }) {
  const fetcher = useFetcher<CommentActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const userId = (useRouteLoaderData("root") as { user?: { id: string } | null } | undefined)?.user?.id;
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  // Comments written without signal, waiting on this device (decision 075).
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    if (!userId) return;
    const send = async () => {
      setWaiting(pendingComments(userId).length);
      if (!navigator.onLine || !pendingComments(userId).length) return;
      const sent = await sendPendingComments(userId);
      setWaiting(pendingComments(userId).length);
      if (sent) void revalidator.revalidate();
    };
    void send();
    window.addEventListener("online", send);
    return () => window.removeEventListener("online", send);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the revalidator changes on every navigation state
  }, [userId]);
  // A comment sent before the page was interactive went as a plain form post: the page came
  // back with the action's answer, which says it was published or held all the same.
  const posted = useActionData<CommentActionResult>();
  const result =
    fetcher.state === "idle" ? (fetcher.data ?? (posted?.intent === "comment" ? posted : undefined)) : undefined;
  const error = result && !result.ok ? result.error : null;
  // Said aloud by the live region below: a posted comment is published, or held for review.
  const notice = result?.ok ? (result.held ? result.message : COMMENT_MESSAGES.published) : null;
  // A sent comment clears the box; a refused one stays for the reader to fix.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    form.current?.reset();
    // Focus moves to the new comment (a keyboard or screen reader user hears it, or its 'En
    // revisión', instead of being left on a disabled button).
    if (fetcher.data.commentId) return focusComment(fetcher.data.commentId, form.current);
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form
      method="post"
      ref={form}
      className="comment-form"
      onSubmit={(event) => {
        const text = new FormData(event.currentTarget).get("text");
        const checked = checkComment(text);
        // SPEC.md §5: blank text is silently not sent.
        if (!checked.ok && checked.blank) event.preventDefault();
        // No signal: kept on the device, sent when it returns.
        else if (checked.ok && userId && !navigator.onLine) {
          event.preventDefault();
          queueComment(userId, pathname, checked.text);
          setWaiting(pendingComments(userId).length);
          event.currentTarget.reset();
        }
      }}
    >
      <input type="hidden" name="intent" value="comment" />
      <label htmlFor="comment-text" className="form-label">
        {prompt || "¿Qué te pareció este capítulo?"}
      </label>
      <textarea
        id="comment-text"
        name="text"
        rows={3}
        maxLength={COMMENT_MAX_LENGTH}
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-describedby={error ? "comment-error comment-hint" : "comment-hint"}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <div id="comment-error" className="invalid-feedback">
          {error}
        </div>
      )}
      <div id="comment-hint" className="form-text">
        {COMMENT_MESSAGES.hint}
      </div>
      <button type="submit" className="btn btn-primary mt-2" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Enviando..." : "Comentar"}
      </button>
      <div role="status" aria-live="polite">
        {notice && <p className="mt-2 mb-0 comment-notice">{notice}</p>}
        {waiting > 0 && <p className="mt-2 mb-0 comment-notice">{COMMENT_MESSAGES.queued}</p>}
      </div>
    </fetcher.Form>
  );
}
