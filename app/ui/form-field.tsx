import type { ReactNode } from "react";

/** What a control needs to be tied to its label, hint and error; spread it on the element. */
export type FieldControlProps = {
  id: string;
  className: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type Props = {
  id: string;
  label: ReactNode;
  /** Read by screen readers only, for a field whose purpose the form around it already shows. */
  hideLabel?: boolean;
  labelClassName?: string;
  hint?: ReactNode;
  error?: string | null;
  /** Marks the control invalid when its message is shown elsewhere (named by `describedBy`). */
  invalid?: boolean;
  /** Ids of other elements that describe the control, read after the error and the hint. */
  describedBy?: string;
  /** A <select> takes Bootstrap's `form-select` instead of `form-control`. */
  select?: boolean;
  /** The wrapper's classes. */
  className?: string;
  /** Renders the control (input, textarea, select) with the wiring props spread on it. */
  children: (control: FieldControlProps) => ReactNode;
};

export const fieldErrorId = (id: string) => `${id}-error`;
export const fieldHintId = (id: string) => `${id}-hint`;

/**
 * A labelled form control with an optional hint and error, wired the way assistive technology
 * expects: the label names the control, the error and hint describe it, aria-invalid marks it.
 */
export function FormField({
  id,
  label,
  hideLabel,
  labelClassName,
  hint,
  error,
  invalid,
  describedBy,
  select,
  className = "mb-3",
  children,
}: Props) {
  const isInvalid = Boolean(error) || Boolean(invalid);
  const describedByIds = [error && fieldErrorId(id), hint && fieldHintId(id), describedBy].filter(Boolean).join(" ");
  const labelClasses = hideLabel ? "visually-hidden" : ["form-label", labelClassName].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {children({
        id,
        className: `${select ? "form-select" : "form-control"}${isInvalid ? " is-invalid" : ""}`,
        "aria-invalid": isInvalid ? true : undefined,
        "aria-describedby": describedByIds || undefined,
      })}
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

/** A field's message (when refused) and hint, under it, with the ids its control is described by. */
export function FieldNotes({ id, error, hint }: { id: string; error?: ReactNode; hint?: ReactNode }) {
  return (
    <>
      {error && (
        <div id={fieldErrorId(id)} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      {hint && (
        <div id={fieldHintId(id)} className="form-text">
          {hint}
        </div>
      )}
    </>
  );
}
