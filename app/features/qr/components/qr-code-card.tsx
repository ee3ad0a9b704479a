import { useEffect, useRef } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { formatDateTime } from "../../../lib/dates.ts";
import type { ChartScene } from "../../../lib/chart-scene.ts";
import { FormField } from "../../../ui/form-field.tsx";
import { SvgChart } from "../../../ui/svg-chart.tsx";
import type { QrFieldErrors } from "../qr-code.schema.ts";
import { GUESSABLE_REASON_TEXT, type GuessableReason } from "../qr-guessable.ts";
import type { CodeReach, Destinations, ScanOutcome } from "../qr-destinations.ts";
import { QR_MESSAGES } from "../qr-messages.ts";
import { DestinationPicker } from "./qr-destination-picker.tsx";

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
export function OutcomeText({ outcome }: { outcome: ScanOutcome }) {
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

/** The code and its label, with badges: what a scan does today, and what is wrong with it. */
function CodeHeading({ code, titleId }: { code: StudioCodeView; titleId: string }) {
  return (
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
  );
}

/** In words: what a scan does today, and where the code leads, until when, at which address. */
function CodeSummary({ code }: { code: StudioCodeView }) {
  return (
    <>
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
    </>
  );
}

/** The code's scans (chart and total) and its images to download. */
function CodeScans({ code }: { code: StudioCodeView }) {
  return (
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
  );
}

/** One code's card: what a scan does, its scans and downloads, and the form that changes it. */
export function CodeCard({
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
      <CodeHeading code={code} titleId={titleId} />
      <CodeSummary code={code} />
      {replacedMessage && <ReplacedNotice message={replacedMessage} />}
      {code.guessable && <GuessableWarning code={code.code} reason={code.guessable} />}
      <CodeScans code={code} />
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
