import { Form, Link, useActionData, useNavigation } from "react-router";
import { ConsentCheck } from "../../../ui/consent-check.tsx";
import { FormField } from "../../../ui/form-field.tsx";
import { FormOutcome, useFocusOnRefusal } from "../../../ui/form-outcome.tsx";
import { CLASS_CONSENT_TEXT } from "../class-messages.ts";

export type ClassListItem = { id: string; name: string; studentCount: number };

export type ClassesActionResult = {
  intent: string;
  fieldErrors?: Partial<Record<string, string>>;
  formError?: string;
  sent?: { name?: string };
};

/** /clases: the teacher's classes, and the form that creates one with its consent declaration. */
export function ClassesPage({
  classes,
  refusal,
  notice,
}: {
  classes: ClassListItem[];
  refusal: string | null;
  notice: string | null;
}) {
  const result = useActionData<ClassesActionResult>();
  useFocusOnRefusal(result);
  const busy = useNavigation().state !== "idle";
  const errors = result?.fieldErrors ?? {};
  return (
    <div className="container py-4">
      <h1 className="mb-3">Tus clases</h1>
      <p>
        Trae a tu clase a leer: añade a tus estudiantes por su apodo, imprime una tarjeta para cada uno y sigue en el
        tablero qué capítulos ha desbloqueado cada quien. Sus comentarios los ve solo la clase, después de que tú los
        apruebes. Nadie escribe un correo ni una contraseña.
      </p>
      <FormOutcome message={notice} />
      {result?.formError && (
        <p className="alert alert-danger" role="alert" tabIndex={-1}>
          {result.formError}
        </p>
      )}
      {classes.length > 0 && (
        <ul className="list-unstyled mb-4">
          {classes.map((item) => (
            <li
              key={item.id}
              className="class-roster-item d-flex flex-wrap gap-2 justify-content-between align-items-center"
            >
              <Link to={`/clases/${item.id}`}>{item.name}</Link>
              <span className="badge text-bg-secondary">
                {item.studentCount} {item.studentCount === 1 ? "estudiante" : "estudiantes"}
              </span>
            </li>
          ))}
        </ul>
      )}
      {refusal ? (
        <p className="alert alert-warning">{refusal}</p>
      ) : (
        <>
          <h2 className="h4 mt-4">Crear una clase</h2>
          <Form method="post" noValidate key={`create-${classes.length}`}>
            <input type="hidden" name="intent" value="crear" />
            <FormField
              id="class-name"
              label="Nombre de la clase"
              hint="Por ejemplo: 4.º B, Escuela Benito Juárez"
              error={errors.name}
            >
              {(control) => (
                <input
                  {...control}
                  name="name"
                  autoComplete="off"
                  maxLength={80}
                  defaultValue={result?.sent?.name ?? ""}
                />
              )}
            </FormField>
            <ConsentCheck
              id="class-consent"
              text={CLASS_CONSENT_TEXT}
              label="La escuela o las familias autorizaron el uso del sitio en esta clase"
              error={errors.consent}
            />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Crear la clase
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
