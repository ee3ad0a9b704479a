/**
 * A consent an adult gives by ticking a box: the full text shown above it (and read as the
 * box's description), the box posting `consent=si`, and the refusal beside it.
 */
export function ConsentCheck({
  id,
  text,
  label,
  error,
}: {
  id: string;
  text: string;
  label: string;
  error?: string | undefined;
}) {
  return (
    <>
      <p id={`${id}-text`} className="small border rounded p-2">
        {text}
      </p>
      <div className="form-check mb-3">
        <input
          className={`form-check-input${error ? " is-invalid" : ""}`}
          type="checkbox"
          name="consent"
          value="si"
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-text${error ? ` ${id}-error` : ""}`}
        />
        <label className="form-check-label" htmlFor={id}>
          {label}
        </label>
        {error && (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        )}
      </div>
    </>
  );
}
