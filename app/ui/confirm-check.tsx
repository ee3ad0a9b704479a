/**
 * A box an adult ticks to keep what a form warned about (a name that looks real), posting
 * `<name>=si` with the form's next submit: the warning's answer, without JavaScript too.
 */
export function ConfirmCheck({ id, name, label }: { id: string; name: string; label: string }) {
  return (
    <div className="form-check mb-0">
      <input className="form-check-input" type="checkbox" name={name} value="si" id={id} />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}
