import { useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import type { QrFieldErrors } from "../qr-code.schema.ts";
import type { Destinations } from "../qr-destinations.ts";
import { CodeCard, OutcomeText, type QrActionResult, type StudioCodeView } from "./qr-code-card.tsx";
import { DestinationPicker } from "./qr-destination-picker.tsx";

export { ScanChart, type QrActionResult, type StudioCodeView } from "./qr-code-card.tsx";

/** The form that creates a code, with the id the studio proposes (held by the studio). */
function CreateForm({ proposal, choices, errors }: { proposal: string; choices: Destinations; errors: QrFieldErrors }) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="row g-2 align-items-end">
      <input type="hidden" name="intent" value="create" />
      <FormField
        id="qr-new-code"
        label="Código"
        hint="Propuesto al azar para que nadie lo adivine; si escribes otro, te avisaremos si se puede adivinar."
        error={errors.code}
        className="col-md-6 col-xl-3"
      >
        {(control) => <input {...control} name="code" defaultValue={proposal} required />}
      </FormField>
      <DestinationPicker idPrefix="qr-new" current="" choices={choices} errors={errors} className="col-md-6 col-xl-3" />
      <FormField id="qr-new-label" label="Etiqueta" error={errors.label} className="col-md-6 col-xl-3">
        {(control) => <input {...control} name="label" />}
      </FormField>
      <FormField id="qr-new-expires" label="Vence (opcional)" error={errors.expiresAt} className="col-md-6 col-xl-2">
        {(control) => <input {...control} type="date" name="expiresAt" />}
      </FormField>
      <div className="col-md-6 col-xl-1">
        <button type="submit" className="btn btn-warning" disabled={navigation.state === "submitting"}>
          Crear
        </button>
      </div>
    </Form>
  );
}

/** The codes that need changing before printing: guessable ones, and ones that lead nowhere. */
function CodeWarnings({ codes }: { codes: StudioCodeView[] }) {
  const guessableCount = codes.filter((code) => code.guessable).length;
  const nowhereCount = codes.filter((code) => code.reach.kind === "nowhere").length;
  return (
    <>
      {guessableCount > 0 && (
        <p className="alert alert-warning" data-testid="guessable-count">
          {guessableCount === 1 ? "1 código se puede adivinar" : `${guessableCount} códigos se pueden adivinar`}{" "}
          (marcados «Se puede adivinar»): quien los escriba a mano abre capítulos y personajes sin el libro.
          Sustitúyelos por códigos imposibles de adivinar antes de imprimir: cada uno conserva su destino y sus
          escaneos, y el código anterior deja de funcionar.
        </p>
      )}
      {nowhereCount > 0 && (
        <p className="alert alert-danger" data-testid="nowhere-count">
          {nowhereCount === 1 ? "1 código no lleva" : `${nowhereCount} códigos no llevan`} a ninguna parte (marcados
          «Sin destino»): su capítulo o personaje ya no existe, o su ruta no abre ninguna página. Cambia su destino
          antes de imprimirlos.
        </p>
      )}
    </>
  );
}

/** 'Crear un código': the create form, and the answer to a creation. */
function CreateSection({
  proposal,
  destinations,
  result,
  idle,
}: {
  proposal: string;
  destinations: Destinations;
  result: QrActionResult | undefined;
  idle: boolean;
}) {
  const createErrors = result && !result.ok && result.intent === "create" ? result.errors : {};
  // The create form keeps its proposed id until a code is created: other actions on the page
  // revalidate the loader (a new proposal each time) and must not change what the author sees.
  // Once a creation's reload is done, the form starts over with the proposal it brought.
  const justCreated = result?.ok && result.intent === "create" && idle ? result.code : null;
  const [createForm, setCreateForm] = useState({ after: "", proposal });
  if (justCreated && justCreated !== createForm.after) setCreateForm({ after: justCreated, proposal });
  return (
    <section aria-labelledby="qr-create-title" className="card card-body mb-4">
      <h2 id="qr-create-title" className="h5">
        Crear un código
      </h2>
      <CreateForm key={createForm.after} proposal={createForm.proposal} choices={destinations} errors={createErrors} />
      {result?.intent === "create" && idle && (
        <p className={`small mt-2 mb-0 ${result.ok ? "text-success" : "text-danger"}`} role="status">
          {result.message}
        </p>
      )}
    </section>
  );
}

type Props = {
  codes: StudioCodeView[];
  proposal: string;
  unknown: { last7: number; last30: number };
  destinations: Destinations;
  /** A code the chapter editor just created, said at the top. */
  created: string | null;
};

/** /adminpanel/qr: every code, its scans, and the forms to create and change codes. */
export function QrStudio({ codes, proposal, unknown, destinations, created }: Props) {
  const result = useActionData<QrActionResult>();
  const navigation = useNavigation();
  const replaced = result?.ok && result.intent === "replace" ? result : null;
  const createdCode = created ? codes.find((code) => code.code === created) : undefined;
  return (
    <div className="container py-5 qr-studio">
      <p className="mb-2">
        <Link to="/adminpanel">← Panel de administración</Link>
      </p>
      <h1 className="mb-3">Códigos QR</h1>
      <p>
        <Link to="/adminpanel/qr/hoja">Hoja para imprimir los códigos activos</Link>
      </p>
      <p data-testid="unknown-scans">
        Escaneos de códigos que no existen: {unknown.last7} en 7 días, {unknown.last30} en 30 días.
      </p>
      <CodeWarnings codes={codes} />
      {createdCode && navigation.state === "idle" && !result && (
        <p className="alert alert-success" role="status" data-testid="created-code">
          Código{" "}
          <a href={`#qr-${createdCode.code}`} className="font-monospace">
            {createdCode.code}
          </a>{" "}
          creado: <OutcomeText outcome={createdCode.outcome} />
        </p>
      )}
      {result && !result.ok && result.intent === "replace" && navigation.state === "idle" && (
        <p className="alert alert-danger" role="status">
          {result.message}
        </p>
      )}

      <CreateSection
        proposal={proposal}
        destinations={destinations}
        result={result}
        idle={navigation.state === "idle"}
      />

      <ul className="list-unstyled">
        {codes.map((code) => (
          <CodeCard
            key={code.code}
            code={code}
            choices={destinations}
            replacedMessage={
              replaced && navigation.state === "idle" && replaced.code === code.code ? replaced.message : null
            }
          />
        ))}
      </ul>
    </div>
  );
}
