import { FormField } from "../../../ui/form-field.tsx";

/** A PIN typed twice: digits only, offered the numeric keyboard on phones. */
export function PinFields({
  idPrefix,
  errors,
  label = "PIN (4 a 6 números)",
}: {
  idPrefix: string;
  errors: { pin?: string; pinAgain?: string };
  label?: string;
}) {
  return (
    <div className="row g-2">
      <FormField id={`${idPrefix}-pin`} label={label} error={errors.pin} className="col-sm-6 mb-3">
        {(control) => (
          <input {...control} name="pin" type="password" inputMode="numeric" autoComplete="off" maxLength={6} />
        )}
      </FormField>
      <FormField id={`${idPrefix}-pin-again`} label="Repite el PIN" error={errors.pinAgain} className="col-sm-6 mb-3">
        {(control) => (
          <input {...control} name="pinAgain" type="password" inputMode="numeric" autoComplete="off" maxLength={6} />
        )}
      </FormField>
    </div>
  );
}
