import { Form, useActionData, useNavigation } from "react-router";
import { FormField, fieldErrorId } from "../../../ui/form-field.tsx";
import { useFocusOnRefusal } from "../../../ui/form-outcome.tsx";
import { PictureChoice, type PictureOption } from "../../../ui/picture-choice.tsx";

export type CodeEntryResult =
  | { step: "codigo"; fieldErrors: { codigo?: string }; sent: string }
  | {
      step: "elegir";
      className: string;
      code: string;
      names: { value: string; label: string }[];
      pictures: PictureOption[];
      fieldErrors: { lector?: string; dibujo?: string };
      lector?: string;
    };

/**
 * /clase (decision 067): on a computer without a camera, a student types their class's code,
 * then picks their name and their picture. Plain forms (posts): they work before the page is
 * interactive, by keyboard, and the code never goes into an address (nor a log or a page view).
 */
export function ClassCodeEntry() {
  const result = useActionData<CodeEntryResult>();
  useFocusOnRefusal(result);
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container py-4">
      <div className="row justify-content-center">
        <div className="col-md-10 col-lg-8">
          {result?.step === "elegir" ? (
            <ChooseNameAndPicture result={result} busy={busy} />
          ) : (
            <>
              <h1 className="mb-3">Entra con el código de tu clase</h1>
              <p>Tu maestra o maestro te da el código: lo ves en la pizarra o en tu tarjeta.</p>
              <Form method="post" noValidate>
                <input type="hidden" name="intent" value="codigo" />
                <FormField
                  id="class-code"
                  label="Código de tu clase"
                  hint="8 letras y números. Da igual si usas mayúsculas o minúsculas."
                  error={result?.fieldErrors.codigo}
                >
                  {(control) => (
                    <input
                      {...control}
                      className={`${control.className} class-code-input`}
                      name="codigo"
                      defaultValue={result?.sent ?? ""}
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      maxLength={20}
                    />
                  )}
                </FormField>
                <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
                  Seguir
                </button>
              </Form>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function ChooseNameAndPicture({
  result,
  busy,
}: {
  result: Extract<CodeEntryResult, { step: "elegir" }>;
  busy: boolean;
}) {
  const errors = result.fieldErrors;
  return (
    <>
      <h1 className="mb-1">Elige tu nombre y tu dibujo</h1>
      <p className="mb-3">Clase: {result.className}</p>
      {/* Keyed by the answer: a refusal shows the form anew with the name kept and no picture. */}
      <Form method="post" noValidate key={JSON.stringify(errors)}>
        <input type="hidden" name="intent" value="entrar" />
        <input type="hidden" name="codigo" value={result.code} />
        <fieldset className="mb-3" aria-describedby={errors.lector ? fieldErrorId("class-name") : undefined}>
          <legend className="form-label fs-5">Tu nombre</legend>
          <div className="class-code-names">
            {result.names.map((name) => (
              <div className="form-check" key={name.value}>
                <input
                  className="form-check-input"
                  type="radio"
                  name="lector"
                  id={`student-choice-${name.value}`}
                  value={name.value}
                  defaultChecked={name.value === result.lector}
                  aria-invalid={errors.lector ? true : undefined}
                />
                <label className="form-check-label" htmlFor={`student-choice-${name.value}`}>
                  {name.label}
                </label>
              </div>
            ))}
          </div>
          {errors.lector && (
            <div id={fieldErrorId("class-name")} className="invalid-feedback d-block">
              {errors.lector}
            </div>
          )}
        </fieldset>
        <PictureChoice
          id="class-picture"
          name="dibujo"
          legend="Tu dibujo"
          options={result.pictures}
          error={errors.dibujo}
        />
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
          Entrar
        </button>
      </Form>
    </>
  );
}
