import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useFetcher, useNavigation } from "react-router";
import { formatDateTime } from "../../../lib/dates.ts";
import type { ChartScene } from "../../../lib/chart-scene.ts";
import { FormField } from "../../../ui/form-field.tsx";
import { SvgChart } from "../../../ui/svg-chart.tsx";
import type { QrFieldErrors } from "../qr-code.schema.ts";
import { GUESSABLE_REASON_TEXT, type GuessableReason } from "../qr-guessable.ts";

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
 * A guessable code's warning and its one-click fix. A plain form, not the card's fetcher: the
 * card is replaced by the new code's, which shows the outcome.
 */
function GuessableWarning({ code, reason }: { code: string; reason: GuessableReason }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("code") === code;
  return (
    <div className="alert alert-warning py-2 mb-3" data-testid="guessable-warning">
      <p className="mb-2">
        <strong>Se puede adivinar:</strong> {GUESSABLE_REASON_TEXT[reason]}. Quien lo escriba a mano llega a su destino
        sin tener el libro. Sustitúyelo antes de imprimirlo: conserva el destino y los escaneos, y el código anterior
        deja de funcionar.
      </p>
      <Form method="post">
        <input type="hidden" name="code" value={code} />
        <button type="submit" name="intent" value="replace" className="btn btn-sm btn-dark" disabled={busy}>
          Sustituir por un código imposible de adivinar
        </button>
      </Form>
    </div>
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

function CodeCard({ code, replacedMessage }: { code: StudioCodeView; replacedMessage: string | null }) {
  const fetcher = useFetcher<QrActionResult>();
  const result = fetcher.data;
  const errors = result && !result.ok ? result.errors : {};
  const id = (field: string) => `qr-${code.code}-${field}`;
  const titleId = id("title");
  return (
    <li className="card card-body mb-3" aria-labelledby={titleId} data-testid="qr-code">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h2 id={titleId} className="h6 mb-0">
          <span className="font-monospace">{code.code}</span>
          {code.label && <> · {code.label}</>}
        </h2>
        <span className={`badge ${code.active ? "bg-success" : "bg-secondary"}`}>
          {code.active ? "Activo" : "Desactivado"}
        </span>
        {code.guessable && <span className="badge bg-warning text-dark">Se puede adivinar</span>}
      </div>
      {replacedMessage && <ReplacedNotice message={replacedMessage} />}
      {code.guessable && <GuessableWarning code={code.code} reason={code.guessable} />}
      <p className="small mb-2">
        Lleva a <span className="font-monospace">{code.target}</span> ·{" "}
        {code.expiresAt ? <>vence el {formatDateTime(code.expiresAt)}</> : "no vence"} · {code.url}
      </p>
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
        <FormField id={id("target")} label="Destino" error={errors.target} className="col-md-4">
          {(control) => <input {...control} name="target" defaultValue={code.target} required />}
        </FormField>
        <FormField id={id("label")} label="Etiqueta" error={errors.label} className="col-md-3">
          {(control) => <input {...control} name="label" defaultValue={code.label} />}
        </FormField>
        <FormField id={id("expires")} label="Vence (opcional)" error={errors.expiresAt} className="col-md-3">
          {(control) => <input {...control} type="date" name="expiresAt" defaultValue={dateInput(code.expiresAt)} />}
        </FormField>
        <div className="col-md-2 d-flex flex-wrap gap-2">
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

type Props = {
  codes: StudioCodeView[];
  proposal: string;
  unknown: { last7: number; last30: number };
};

/** /adminpanel/qr: every code, its scans, and the forms to create and change codes. */
export function QrStudio({ codes, proposal, unknown }: Props) {
  const result = useActionData<QrActionResult>();
  const navigation = useNavigation();
  const createErrors = result && !result.ok && result.intent === "create" ? result.errors : {};
  const replaced = result?.ok && result.intent === "replace" ? result : null;
  const guessableCount = codes.filter((code) => code.guessable).length;
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
          {guessableCount === 1 ? "1 código se puede adivinar" : `${guessableCount} códigos se pueden adivinar`}: quien
          los escriba a mano abre capítulos y personajes sin el libro. Sustitúyelos por códigos imposibles de adivinar
          antes de imprimir.
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
        {/* Keyed on the proposal: after a creation the form starts over with a new id. */}
        <Form method="post" className="row g-2 align-items-end" key={proposal}>
          <input type="hidden" name="intent" value="create" />
          <FormField
            id="qr-new-code"
            label="Código"
            hint="Propuesto al azar para que nadie lo adivine; si escribes otro, te avisaremos si se puede adivinar."
            error={createErrors.code}
            className="col-md-3"
          >
            {(control) => <input {...control} name="code" defaultValue={proposal} required />}
          </FormField>
          <FormField id="qr-new-target" label="Destino" error={createErrors.target} className="col-md-3">
            {(control) => <input {...control} name="target" placeholder="/?book" required />}
          </FormField>
          <FormField id="qr-new-label" label="Etiqueta" error={createErrors.label} className="col-md-3">
            {(control) => <input {...control} name="label" />}
          </FormField>
          <FormField id="qr-new-expires" label="Vence (opcional)" error={createErrors.expiresAt} className="col-md-2">
            {(control) => <input {...control} type="date" name="expiresAt" />}
          </FormField>
          <div className="col-md-1">
            <button type="submit" className="btn btn-warning" disabled={navigation.state === "submitting"}>
              Crear
            </button>
          </div>
        </Form>
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
            replacedMessage={
              replaced && navigation.state === "idle" && replaced.code === code.code ? replaced.message : null
            }
          />
        ))}
      </ul>
    </div>
  );
}
