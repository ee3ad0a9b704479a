import { useEffect, useRef, useState } from "react";
import { Form, Link, useActionData, useFetcher, useNavigation } from "react-router";
import { formatDateTime } from "../../../lib/dates.ts";
import type { ChartScene } from "../../../lib/chart-scene.ts";
import { FormField } from "../../../ui/form-field.tsx";
import { SvgChart } from "../../../ui/svg-chart.tsx";
import type { QrFieldErrors } from "../qr-code.schema.ts";
import { GUESSABLE_REASON_TEXT, type GuessableReason } from "../qr-guessable.ts";
import { isOffered, OTHER_TARGET, type CodeReach, type Destinations, type ScanOutcome } from "../qr-destinations.ts";
import { QR_MESSAGES } from "../qr-messages.ts";

/** A code as the page receives it: dates as ISO strings. */
export type StudioCodeView = {
  code: string;
  label: string;
  target: string;
  expiresAt: string | null;
  active: boolean;
  total: number;
  perDay: number[];
  scanChart: ChartScene;
  url: string;
  guessable: GuessableReason | null;
  /** What the code's destination is, by name, or why it opens nothing. */
  reach: CodeReach;
  /** What a scan does today. */
  outcome: ScanOutcome;
};

export type QrActionResult =
  | { ok: true; intent: string; code: string; message: string; replaced?: string }
  | { ok: false; intent: string; code: string | null; message: string; errors: QrFieldErrors };

/** yyyy-mm-dd for a date input, as the site's editors read it (UTC day of the stored instant). */
const dateInput = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

/** Scans per day as small columns, computed on the server; the total is written beside it. */
export function ScanChart({ code, perDay, scene }: { code: string; perDay: number[]; scene: ChartScene }) {
  const sum = perDay.reduce((total, value) => total + value, 0);
  return (
    <SvgChart
      id={`qr-${code}-scans`}
      scene={scene}
      title={`Escaneos de ${code}: ${sum} escaneos en los últimos ${perDay.length} días`}
      description={`Una columna por día, del más antiguo a hoy; el día con más escaneos tuvo ${Math.max(0, ...perDay)}.`}
      fixedSize
      testId="scan-chart"
    />
  );
}

/**
 * A guessable code's reason and its one-click fix; why it matters is said once, above the list.
 * A plain form, not the card's fetcher: the card is replaced by the new code's, which shows the
 * outcome.
 */
function GuessableWarning({ code, reason }: { code: string; reason: GuessableReason }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("code") === code;
  return (
    <Form method="post" className="d-flex flex-wrap gap-2 align-items-center mb-2" data-testid="guessable-warning">
      <input type="hidden" name="code" value={code} />
      <span className="small">
        <strong>Se puede adivinar:</strong> {GUESSABLE_REASON_TEXT[reason]}.
      </span>
      <button type="submit" name="intent" value="replace" className="btn btn-sm btn-dark" disabled={busy}>
        Sustituir por un código imposible de adivinar
      </button>
    </Form>
  );
}

const BADGE: Record<ScanOutcome["state"], { text: string; className: string }> = {
  opens: { text: "Activo", className: "bg-success" },
  expired: { text: "Caducado", className: "bg-dark" },
  off: { text: "Desactivado", className: "bg-secondary" },
  nowhere: { text: "Sin destino", className: "bg-danger" },
};

/** What a scan of the code does today, in words: the badge's sentence. */
function OutcomeText({ outcome }: { outcome: ScanOutcome }) {
  switch (outcome.state) {
    case "opens":
      return <>Al escanearlo abre «{outcome.name}».</>;
    case "expired":
      return (
        <>
          Al escanearlo dice «{QR_MESSAGES.expired}»: venció el {formatDateTime(outcome.expiresAt)}.
        </>
      );
    case "off":
      return <>Al escanearlo dice «{QR_MESSAGES.expired}»: está desactivado.</>;
    case "nowhere":
      return <>Al escanearlo no abre nada. {outcome.reason} Cambia su destino antes de imprimirlo.</>;
  }
}

/**
 * 'Destino': a chapter, a character or a page chosen by name, or another path of the site typed
 * beside it. Both are plain fields (no script needed); the action reads the typed path only
 * when «Otra ruta» is chosen.
 */
function DestinationPicker({
  idPrefix,
  current,
  choices,
  errors,
  className,
}: {
  idPrefix: string;
  current: string;
  choices: Destinations;
  errors: QrFieldErrors;
  className: string;
}) {
  const offered = current !== "" && isOffered(choices, current);
  const group = (label: string, list: Destinations["pages"]) =>
    list.length > 0 && (
      <optgroup label={label}>
        {list.map((choice) => (
          <option key={choice.path} value={choice.path}>
            {choice.label}
          </option>
        ))}
      </optgroup>
    );
  return (
    <>
      <FormField id={`${idPrefix}-target`} label="Destino" error={errors.target} className={className} select>
        {(control) => (
          <select {...control} name="target" defaultValue={offered ? current : current ? OTHER_TARGET : ""} required>
            <option value="">Elige a dónde lleva</option>
            {group("Capítulos", choices.chapters)}
            {group("Personajes", choices.characters)}
            {group("Páginas", choices.pages)}
            <option value={OTHER_TARGET}>Otra ruta de este sitio (escríbela en «Otra ruta»)</option>
          </select>
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-other`}
        label="Otra ruta"
        hint="Solo si eliges «Otra ruta» en Destino; por ejemplo, /eventos?taquito."
        error={errors.otherTarget}
        className={className}
      >
        {(control) => <input {...control} name="otherTarget" defaultValue={offered ? "" : current} />}
      </FormField>
    </>
  );
}

/** Said on the new code's card once a guessable one was replaced; focused, as the button is gone. */
function ReplacedNotice({ message }: { message: string }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <p ref={notice} tabIndex={-1} className="small text-success mb-2" role="status">
      {message}
    </p>
  );
}

function CodeCard({
  code,
  choices,
  replacedMessage,
}: {
  code: StudioCodeView;
  choices: Destinations;
  replacedMessage: string | null;
}) {
  const fetcher = useFetcher<QrActionResult>();
  const result = fetcher.data;
  const errors = result && !result.ok ? result.errors : {};
  const id = (field: string) => `qr-${code.code}-${field}`;
  const titleId = id("title");
  return (
    <li id={`qr-${code.code}`} className="card card-body mb-3" aria-labelledby={titleId} data-testid="qr-code">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h2 id={titleId} className="h6 mb-0">
          <span className="font-monospace">{code.code}</span>
          {code.label && <> · {code.label}</>}
        </h2>
        <span className={`badge ${BADGE[code.outcome.state].className}`} data-testid="qr-state">
          {BADGE[code.outcome.state].text}
        </span>
        {code.outcome.state !== "nowhere" && code.reach.kind === "nowhere" && (
          <span className="badge bg-danger">Sin destino</span>
        )}
        {code.guessable && <span className="badge bg-warning text-dark">Se puede adivinar</span>}
      </div>
      <p className="mb-1" data-testid="scan-outcome">
        <OutcomeText outcome={code.outcome} />
        {code.outcome.state !== "nowhere" && code.reach.kind === "nowhere" && (
          <> Y aunque se reactive, no abriría nada: {code.reach.reason}</>
        )}
      </p>
      <p className="small mb-2" data-testid="qr-opens">
        Destino:{" "}
        {code.reach.kind === "nowhere" ? (
          <span className="font-monospace">{code.target}</span>
        ) : (
          <strong>{code.reach.name}</strong>
        )}{" "}
        · {code.expiresAt ? <>vence el {formatDateTime(code.expiresAt)}</> : "no vence"} · {code.url}
      </p>
      {replacedMessage && <ReplacedNotice message={replacedMessage} />}
      {code.guessable && <GuessableWarning code={code.code} reason={code.guessable} />}
      <div className="d-flex flex-wrap gap-3 align-items-center mb-3">
        <ScanChart code={code.code} perDay={code.perDay} scene={code.scanChart} />
        <p className="mb-0">
          <strong data-testid="scan-total">{code.total}</strong> escaneos en total
        </p>
        <a href={`/adminpanel/qr/${code.code}.svg`} download className="btn btn-sm btn-outline-primary">
          SVG
        </a>
        <a href={`/adminpanel/qr/${code.code}.png`} download className="btn btn-sm btn-outline-primary">
          PNG
        </a>
      </div>
      <fetcher.Form method="post" className="row g-2 align-items-end">
        <input type="hidden" name="code" value={code.code} />
        <DestinationPicker
          idPrefix={`qr-${code.code}`}
          current={code.target}
          choices={choices}
          errors={errors}
          className="col-md-6 col-xl-3"
        />
        <FormField id={id("label")} label="Etiqueta" error={errors.label} className="col-md-6 col-xl-2">
          {(control) => <input {...control} name="label" defaultValue={code.label} />}
        </FormField>
        <FormField id={id("expires")} label="Vence (opcional)" error={errors.expiresAt} className="col-md-6 col-xl-2">
          {(control) => <input {...control} type="date" name="expiresAt" defaultValue={dateInput(code.expiresAt)} />}
        </FormField>
        <div className="col-md-6 col-xl-2 d-flex flex-wrap gap-2">
          <button type="submit" name="intent" value="update" className="btn btn-sm btn-primary">
            Guardar
          </button>
          <button
            type="submit"
            name="intent"
            value={code.active ? "deactivate" : "activate"}
            className="btn btn-sm btn-outline-danger"
            formNoValidate
          >
            {code.active ? "Desactivar" : "Activar"}
          </button>
        </div>
      </fetcher.Form>
      {fetcher.state === "idle" && result && (
        <p className={`small mt-2 mb-0 ${result.ok ? "text-success" : "text-danger"}`} role="status">
          {result.message}
        </p>
      )}
    </li>
  );
}

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
  const createErrors = result && !result.ok && result.intent === "create" ? result.errors : {};
  const replaced = result?.ok && result.intent === "replace" ? result : null;
  const guessableCount = codes.filter((code) => code.guessable).length;
  const nowhereCount = codes.filter((code) => code.reach.kind === "nowhere").length;
  const createdCode = created ? codes.find((code) => code.code === created) : undefined;
  // The create form keeps its proposed id until a code is created: other actions on the page
  // revalidate the loader (a new proposal each time) and must not change what the author sees.
  // Once a creation's reload is done, the form starts over with the proposal it brought.
  const justCreated = result?.ok && result.intent === "create" && navigation.state === "idle" ? result.code : null;
  const [createForm, setCreateForm] = useState({ after: "", proposal });
  if (justCreated && justCreated !== createForm.after) setCreateForm({ after: justCreated, proposal });
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

      <section aria-labelledby="qr-create-title" className="card card-body mb-4">
        <h2 id="qr-create-title" className="h5">
          Crear un código
        </h2>
        <CreateForm
          key={createForm.after}
          proposal={createForm.proposal}
          choices={destinations}
          errors={createErrors}
        />
        {result?.intent === "create" && navigation.state === "idle" && (
          <p className={`small mt-2 mb-0 ${result.ok ? "text-success" : "text-danger"}`} role="status">
            {result.message}
          </p>
        )}
      </section>

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
