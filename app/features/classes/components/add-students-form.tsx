import { Form } from "react-router";
import type { ClassActionResult } from "../class-action-result.ts";
import { CLASS_MESSAGES } from "../class-messages.ts";
import { ConfirmCheck } from "../../../ui/confirm-check.tsx";
import { FormField } from "../../../ui/form-field.tsx";

/**
 * 'Añadir estudiantes': apodos one per line. Refused lines are listed beside the field (the list
 * says it all); lines that look like a full name wait for the teacher's confirmation.
 */
export function AddStudentsForm({
  studentCount,
  result,
  busy,
}: {
  studentCount: number;
  result: ClassActionResult | undefined;
  busy: boolean;
}) {
  const rosterErrors = result?.intent === "anadir" ? result : undefined;
  const lineWarnings = rosterErrors?.lineWarnings ?? [];
  const rosterError = rosterErrors?.lineErrors?.length || lineWarnings.length ? undefined : rosterErrors?.formError;
  const rosterNotes = [
    rosterErrors?.lineErrors?.length ? "class-roster-lines" : "",
    lineWarnings.length ? "class-roster-names" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <>
      <h3 className="h5 mt-3">Añadir estudiantes</h3>
      <Form method="post" noValidate key={`roster-${studentCount}`}>
        <input type="hidden" name="intent" value="anadir" />
        <FormField
          id="class-roster"
          label="Apodos, uno por línea"
          hint="De 3 a 30 letras o números cada uno. Mejor que no sea su nombre real: lo verá la clase junto a sus comentarios."
          error={rosterError}
          invalid={Boolean(rosterErrors?.lineErrors?.length)}
          describedBy={rosterNotes || undefined}
        >
          {(control) => <textarea {...control} name="roster" rows={8} defaultValue={result?.sent?.roster ?? ""} />}
        </FormField>
        {rosterErrors?.lineErrors && rosterErrors.lineErrors.length > 0 && (
          <div id="class-roster-lines" className="alert alert-danger" role="alert">
            <p className="mb-1">No añadimos a nadie: corrige estas líneas y vuelve a intentarlo.</p>
            <ul className="mb-0">
              {rosterErrors.lineErrors.map((line) => (
                <li key={line.line}>
                  Línea {line.line} («{line.text}»): {line.error}
                </li>
              ))}
            </ul>
          </div>
        )}
        {lineWarnings.length > 0 && (
          // A warning, not a refusal: the lines are fine apodos if the teacher says so.
          <div id="class-roster-names" className="alert alert-warning" role="alert" tabIndex={-1}>
            <p className="mb-1">{CLASS_MESSAGES.rosterNamesToConfirm}</p>
            <ul>
              {lineWarnings.map((line) => (
                <li key={line.line}>
                  Línea {line.line} («{line.text}»): {CLASS_MESSAGES.fullNameLine}
                </li>
              ))}
            </ul>
            <ConfirmCheck id="class-roster-confirm" name="confirmarNombres" label={CLASS_MESSAGES.confirmNames} />
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Añadir a la clase
        </button>
      </Form>
    </>
  );
}
