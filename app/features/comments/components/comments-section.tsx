import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useLiveRevalidation } from "../../../ui/use-live.ts";
import { commentsTopic } from "../comment-topics.ts";
import { checkComment, COMMENT_MAX_LENGTH, COMMENT_MESSAGES } from "../comment.schema.ts";
import { formatCommentDate } from "../format-date.ts";

export type CommentItem = { id: string; text: string; userName: string; createdAt: string };
export type CommentActionResult = { ok: true } | { ok: false; error: string };

type Props = { sectionId: string; comments: CommentItem[]; signedIn: boolean; prompt: string };

export function CommentsSection({ sectionId, comments, signedIn, prompt }: Props) {
  // Every reader of the page sees new comments without a reload.
  useLiveRevalidation([commentsTopic(sectionId)]);
  const location = useLocation();
  return (
    <section className="comments mt-5" aria-labelledby="comments-title">
      <h2 id="comments-title" className="h4">
        {comments.length ? COMMENT_MESSAGES.heading : COMMENT_MESSAGES.none}
      </h2>
      {signedIn ? (
        <CommentForm prompt={prompt} />
      ) : (
        <p className="comments-login">
          <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`}>{COMMENT_MESSAGES.signInPrompt}</Link>
        </p>
      )}
      {comments.length > 0 && (
        <ol className="list-unstyled mt-4" aria-label="Comentarios">
          {comments.map((comment) => (
            <li key={comment.id} className="card card-body mb-3 comment">
              <p className="mb-1 comment-meta">
                <strong>{comment.userName}</strong> ·{" "}
                <time dateTime={comment.createdAt} suppressHydrationWarning>
                  {formatCommentDate(comment.createdAt)}
                </time>
              </p>
              {/* Text, never HTML: React escapes it. */}
              <p className="mb-0 comment-text">{comment.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function CommentForm({ prompt }: { prompt: string }) {
  const fetcher = useFetcher<CommentActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = result && !result.ok ? result.error : null;
  // A sent comment clears the box; a refused one stays for the reader to fix.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
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
    </fetcher.Form>
  );
}
