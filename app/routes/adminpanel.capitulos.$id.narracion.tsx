import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/adminpanel.capitulos.$id.narracion";
import { requireAdmin } from "../access/session.server.ts";
import {
  importNarrationWebVtt,
  narrationEditorData,
  removeNarration,
  saveNarrationMarks,
  uploadNarration,
  type AuthoringResult,
  type NarrationEditorData,
} from "../features/narration/narration-authoring.server.ts";
import { NarrationMarker } from "../features/narration/components/narration-marker.tsx";
import { NARRATION_EDITOR_FILES, NARRATION_LABEL_MAX } from "../features/narration/narration-timings.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { FormField } from "../ui/form-field.tsx";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const editor = await narrationEditorData(services(context).db, params.id);
  if (!editor) throw data(null, { status: 404 });
  return editor;
}

const fileBytes = async (value: FormDataEntryValue | null) =>
  value instanceof File && value.size > 0 ? new Uint8Array(await value.arrayBuffer()) : null;

export async function action({ request, params, url, context }: Route.ActionArgs) {
  await requireAdmin({ url, context });
  const { db } = services(context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<AuthoringResult>(
      { ok: false, status: 400, field: "form", error: "Formulario no válido." },
      { status: 400 },
    );
  }
  const intent = form.get("intent");
  let result: AuthoringResult;
  if (intent === "upload") {
    const label = form.get("label");
    result = await uploadNarration(db, params.id, {
      audio: await fileBytes(form.get("audio")),
      label: typeof label === "string" ? label : "",
    });
  } else if (intent === "marks") {
    let begins: unknown = null;
    try {
      begins = JSON.parse(String(form.get("begins") ?? ""));
    } catch {
      // Refused below as marks that do not fit.
    }
    result = await saveNarrationMarks(db, params.id, begins);
  } else if (intent === "import-vtt") {
    const file = form.get("vtt");
    const text = file instanceof File && file.size > 0 && file.size < 2 * 1024 * 1024 ? await file.text() : null;
    result = await importNarrationWebVtt(db, params.id, text);
  } else if (intent === "delete") {
    result = await removeNarration(db, params.id);
  } else {
    result = { ok: false, status: 400, field: "form", error: "Acción desconocida." };
  }
  return result.ok ? result : data(result, { status: result.status });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Narración del capítulo",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

const minutesAndSeconds = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/** What a phone on a slow link can take: ≤ 250 KB of audio a minute (issue 42). */
const KB_PER_MINUTE_BUDGET = 250;

export default function NarrationEditorPage() {
  const { chapter, words, narration } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as AuthoringResult | undefined;
  const busy = useNavigation().state === "submitting";
  const errorFor = (field: string) => (result && !result.ok && result.field === field ? result.error : null);
  return (
    <div className="container py-4 narration-editor">
      <p>
        <Link to={`/adminpanel/capitulos/${chapter.id}`}>← Volver al capítulo</Link>
      </p>
      <h1>Narración: {chapter.title}</h1>
      <p className="text-muted">
        Una grabación del capítulo leído en voz alta y dónde empieza cada una de sus {words.length} palabras. Con ella,
        el capítulo ofrece «Léemelo» y las palabras se iluminan mientras suenan.
      </p>
      <div role="status" aria-live="polite" className="mb-3">
        {result?.ok && <p className="alert alert-success mb-0">{result.message}</p>}
        {errorFor("form") && <p className="alert alert-danger mb-0">{errorFor("form")}</p>}
        {errorFor("marks") && <p className="alert alert-danger mb-0">{errorFor("marks")}</p>}
      </div>

      {narration && (
        <CurrentNarrationSection
          narration={narration}
          words={words}
          base={`/adminpanel/capitulos/${chapter.id}/narracion`}
          busy={busy}
          errorFor={errorFor}
        />
      )}

      <UploadSection hasNarration={narration !== null} label={narration?.label ?? ""} busy={busy} errorFor={errorFor} />
    </div>
  );
}

/** The field's error in the action's answer, or null. */
type ErrorFor = (field: string) => string | null;

type CurrentNarrationProps = {
  narration: NonNullable<NarrationEditorData["narration"]>;
  words: string[];
  /** This page's address, under which its files are served. */
  base: string;
  busy: boolean;
  errorFor: ErrorFor;
};

/** 'La narración de ahora': its size, the marker, WebVTT out and in, and deleting it. */
function CurrentNarrationSection({ narration, words, base, busy, errorFor }: CurrentNarrationProps) {
  const kbPerMinute = narration.bytes / 1024 / (narration.durationMs / 60_000);
  return (
    <section aria-labelledby="narration-now" className="mb-4">
      <h2 id="narration-now" className="h4">
        La narración de ahora
      </h2>
      <p data-testid="narration-summary">
        Dura {minutesAndSeconds(narration.durationMs)} · {Math.round(narration.bytes / 1024)} KB ·{" "}
        {Math.round(kbPerMinute)} KB por minuto
        {narration.label && <> · «{narration.label}»</>}
      </p>
      {kbPerMinute > KB_PER_MINUTE_BUDGET && (
        <p className="text-warning-emphasis">
          Pesa más de {KB_PER_MINUTE_BUDGET} KB por minuto: en un teléfono con poca señal tardará en empezar. Exporta la
          grabación a 32 kbps (Opus o AAC) y vuelve a subirla.
        </p>
      )}
      {narration.begins ? (
        <NarrationMarker
          key={narration.updatedAt}
          words={words}
          initialBegins={narration.begins}
          audioSrc={`${base}/${NARRATION_EDITOR_FILES.audio}?v=${encodeURIComponent(narration.updatedAt)}`}
          durationMs={narration.durationMs}
          busy={busy}
        />
      ) : (
        <p className="alert alert-warning">
          Las marcas guardadas son de otro texto (el capítulo cambió). Vuelve a subir la grabación para empezar a
          marcar.
        </p>
      )}
      <p className="mt-3">
        <a href={`${base}/${NARRATION_EDITOR_FILES.webVtt}`} download>
          Descargar las marcas (WebVTT)
        </a>
      </p>
      <Form method="post" encType="multipart/form-data" className="mb-3" noValidate>
        <input type="hidden" name="intent" value="import-vtt" />
        <FormField
          id="narration-vtt"
          label="Importar marcas en WebVTT (una marca por palabra)"
          error={errorFor("vtt")}
          className="mb-0"
        >
          {(control) => <input {...control} name="vtt" type="file" accept=".vtt,text/vtt" />}
        </FormField>
        <button type="submit" className="btn btn-outline-primary mt-2" disabled={busy}>
          Importar marcas
        </button>
      </Form>
      <details>
        <summary>Borrar la narración</summary>
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="delete" />
          <p>El capítulo dejará de ofrecer «Léemelo». La grabación y sus marcas se borran para siempre.</p>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            Borrar la narración para siempre
          </button>
        </Form>
      </details>
    </section>
  );
}

type UploadSectionProps = {
  hasNarration: boolean;
  /** The current narration's label, the field's starting value. */
  label: string;
  busy: boolean;
  errorFor: ErrorFor;
};

/** Uploading a recording: the first, or one that replaces the current narration and its marks. */
function UploadSection({ hasNarration, label, busy, errorFor }: UploadSectionProps) {
  return (
    <section aria-labelledby="narration-upload">
      <h2 id="narration-upload" className="h4">
        {hasNarration ? "Subir otra grabación" : "Subir la grabación"}
      </h2>
      <p className="text-muted">
        M4A (notas de voz del teléfono), MP3, OGG, Opus, WebM o WAV, hasta 12 MB. Sirve mejor a unos 32 kbps (≈ 240 KB
        por minuto). Una grabación nueva reemplaza la anterior y sus marcas.
      </p>
      <Form method="post" encType="multipart/form-data" noValidate>
        <input type="hidden" name="intent" value="upload" />
        <FormField id="narration-audio" label="Grabación" error={errorFor("audio")}>
          {(control) => (
            <input {...control} name="audio" type="file" accept="audio/*,.m4a,.mp3,.ogg,.opus,.webm,.wav" />
          )}
        </FormField>
        <FormField id="narration-label" label="Qué se dice a los lectores (opcional)" error={errorFor("label")}>
          {(control) => (
            <input
              {...control}
              name="label"
              type="text"
              maxLength={NARRATION_LABEL_MAX}
              placeholder="Leído por…"
              defaultValue={label}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Subir la grabación
        </button>
      </Form>
    </section>
  );
}
