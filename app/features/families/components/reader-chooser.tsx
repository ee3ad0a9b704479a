import { Form, Link, useActionData, useNavigation } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import { useFocusOnRefusal } from "../../../ui/form-outcome.tsx";
import { PictureChoice, type PictureOption } from "../../../ui/picture-choice.tsx";

export type ChooserResult = { fieldErrors: { lector?: string; pin?: string }; lector?: string };

/**
 * '¿Quién lee?': on the family's device a child picks their picture and types their PIN. The
 * form works before the page is interactive, and what was typed stays (uncontrolled fields).
 */
export function ReaderChooser({ readers, signedInAs }: { readers: PictureOption[]; signedInAs: string | null }) {
  const result = useActionData<ChooserResult>();
  useFocusOnRefusal(result);
  const busy = useNavigation().state !== "idle";
  const errors = result?.fieldErrors ?? {};
  return (
    <div className="container py-4">
      <div className="row justify-content-center">
        <div className="col-md-8 col-lg-6">
          <h1 className="mb-3">¿Quién lee?</h1>
          {readers.length === 0 ? (
            <p>
              Este dispositivo todavía no tiene lectores. La persona adulta de la familia los añade en{" "}
              <Link to="/familia">Tu familia</Link>.
            </p>
          ) : (
            <Form method="post" noValidate>
              <input type="hidden" name="intent" value="pin" />
              <PictureChoice
                id="reader"
                name="lector"
                legend="Elige tu dibujo"
                options={readers}
                defaultValue={result?.lector}
                error={errors.lector}
              />
              <FormField id="reader-pin" label="Tu PIN" error={errors.pin}>
                {(control) => (
                  <input {...control} name="pin" type="password" inputMode="numeric" autoComplete="off" maxLength={6} />
                )}
              </FormField>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                Entrar
              </button>
            </Form>
          )}
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="adulto" />
            <p className="mb-1 small text-body-secondary">
              {signedInAs ? `Ahora lee: ${signedInAs}.` : "Nadie ha entrado en este dispositivo."}
            </p>
            <button type="submit" className="btn btn-link p-0">
              Soy la persona adulta de la familia
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
