import type { ReactNode } from "react";

/**
 * The end of every account form (ingresar, crear cuenta, both password-reset steps): the
 * refusal that belongs to no one field, announced, then the submit button, which says it is
 * working while the form is sent.
 */
export function ErrorAndSubmit({
  error,
  busy,
  label,
  errorId,
  children,
}: {
  error: string | null | undefined;
  busy: boolean;
  label: string;
  errorId?: string;
  /** The refusal as shown, when it says more than `error` (a prefix, a way on). */
  children?: ReactNode;
}) {
  return (
    <>
      {error && (
        <p id={errorId} className="text-danger" role="alert">
          {children ?? error}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-100" disabled={busy}>
        {busy ? "Un momento..." : label}
      </button>
    </>
  );
}
