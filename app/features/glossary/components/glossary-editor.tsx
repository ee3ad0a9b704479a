import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import type { GlossaryFieldErrors } from "../glossary.schema.ts";
import type { GlossaryEntry } from "../glossary-entry.ts";

export type GlossaryActionResult = { key: string; ok: boolean; message: string; errors?: GlossaryFieldErrors };

type FieldsProps = { id: (field: string) => string; errors: GlossaryFieldErrors; entry?: GlossaryEntry };

/** The word, its other forms, its meaning and its picture. */
function WordFields({ id, errors, entry }: FieldsProps) {
  return (
    <>
      <FormField id={id("word")} label="Palabra" error={errors.word} className="col-md-4">
        {(control) => <input {...control} name="word" defaultValue={entry?.word} maxLength={60} required />}
      </FormField>
      <FormField
        id={id("forms")}
        label="Otras formas"
        hint="Separadas por comas: plurales o maneras de escribirla que usan los capítulos."
        error={errors.forms}
        className="col-md-4"
      >
        {(control) => <input {...control} name="forms" defaultValue={entry?.forms.join(", ")} />}
      </FormField>
      <FormField id={id("english")} label="En inglés (opcional)" error={errors.english} className="col-md-4">
        {(control) => <input {...control} name="english" lang="en" defaultValue={entry?.english} maxLength={120} />}
      </FormField>
      <FormField
        id={id("meaning")}
        label="Significado para niños"
        hint="Una o dos oraciones cortas."
        error={errors.meaning}
        className="col-12"
      >
        {(control) => (
          <textarea {...control} name="meaning" rows={2} maxLength={400} defaultValue={entry?.meaning} required />
        )}
      </FormField>
      <FormField
        id={id("imageUrl")}
        label="Imagen (opcional)"
        hint="Ruta de una imagen del sitio, por ejemplo /images/characters/taquito.svg."
        error={errors.imageUrl}
        className="col-md-6"
      >
        {(control) => <input {...control} name="imageUrl" defaultValue={entry?.imageUrl} maxLength={300} />}
      </FormField>
      <FormField
        id={id("imageAlt")}
        label="Texto alternativo de la imagen"
        hint="Obligatorio si hay imagen."
        error={errors.imageAlt}
        className="col-md-6"
      >
        {(control) => <input {...control} name="imageAlt" defaultValue={entry?.imageAlt} maxLength={200} />}
      </FormField>
    </>
  );
}

/** The word's recorded pronunciation: its address or an upload, and the one saved. */
function RecordingFields({ id, errors, entry, demoRecording }: FieldsProps & { demoRecording: boolean }) {
  return (
    <>
      <FormField
        id={id("audioUrl")}
        label="Pronunciación grabada (opcional)"
        hint="Ruta de un archivo de audio del sitio, por ejemplo /audio/cempasuchil.mp3."
        error={errors.audioUrl}
        className="col-md-6"
      >
        {(control) => <input {...control} name="audioUrl" defaultValue={entry?.audioUrl} maxLength={300} />}
      </FormField>
      <FormField
        id={id("audioFile")}
        label="Subir una grabación (opcional)"
        hint="La palabra dicha en voz alta: M4A, MP3, OGG, Opus, WebM o WAV, hasta 300 KB. Reemplaza la ruta de arriba."
        error={errors.audioFile}
        className="col-md-6"
      >
        {(control) => (
          <input {...control} type="file" name="audioFile" accept="audio/*,.m4a,.mp3,.ogg,.opus,.webm,.wav" />
        )}
      </FormField>
      {entry?.audioUrl && (
        <div className="col-12">
          <p className="mb-1">Grabación actual{demoRecording && <strong> (de demostración, voz sintética)</strong>}:</p>
          <audio controls preload="none" src={entry.audioUrl} aria-label={`Grabación de «${entry.word}»`} />
        </div>
      )}
    </>
  );
}

/** Save (or add), delete, and the answer. */
function WordActions({
  entry,
  busy,
  result,
}: {
  entry?: GlossaryEntry;
  busy: boolean;
  result: GlossaryActionResult | undefined;
}) {
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mt-2">
      <button type="submit" name="intent" value={entry ? "save" : "add"} className="btn btn-primary" disabled={busy}>
        {entry ? "Guardar" : "Agregar palabra"}
      </button>
      {entry && (
        <button type="submit" name="intent" value="delete" className="btn btn-outline-danger" disabled={busy}>
          Borrar<span className="visually-hidden"> «{entry.word}»</span>
        </button>
      )}
      <span role="status" className={result?.ok === false ? "text-danger" : "text-success"}>
        {result?.message}
      </span>
    </div>
  );
}

/** One word's form: editing an existing one (with 'Borrar'), or adding a new one. */
function GlossaryForm({ entry, demoRecording = false }: { entry?: GlossaryEntry; demoRecording?: boolean }) {
  const fetcher = useFetcher<GlossaryActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const key = entry?.id ?? "nueva";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = result?.errors ?? {};
  const id = (field: string) => `glosario-${key}-${field}`;
  const busy = fetcher.state !== "idle";

  // A word that was added clears the form for the next one.
  useEffect(() => {
    if (!entry && result?.ok) form.current?.reset();
  }, [entry, result]);

  // An uploaded recording's address, once saved, shows in its field (which would otherwise keep
  // the old one and send it back on the next save), and the file is not sent twice.
  const savedAudioUrl = entry?.audioUrl;
  useEffect(() => {
    const fields = form.current?.elements;
    const audioUrl = fields?.namedItem("audioUrl");
    const audioFile = fields?.namedItem("audioFile");
    if (savedAudioUrl !== undefined && audioUrl instanceof HTMLInputElement) audioUrl.value = savedAudioUrl;
    if (audioFile instanceof HTMLInputElement) audioFile.value = "";
  }, [savedAudioUrl]);

  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      ref={form}
      noValidate
      aria-label={entry ? `Editar «${entry.word}»` : "Nueva palabra"}
    >
      <input type="hidden" name="id" value={entry?.id ?? ""} />
      <div className="row g-2">
        <WordFields id={id} errors={errors} entry={entry} />
        <RecordingFields id={id} errors={errors} entry={entry} demoRecording={demoRecording} />
      </div>
      <WordActions entry={entry} busy={busy} result={result} />
    </fetcher.Form>
  );
}

/** /adminpanel/glosario: the book's words, each editable, and a form to add one. */
export function GlossaryEditor({ words, demoRecordings }: { words: GlossaryEntry[]; demoRecordings: string[] }) {
  return (
    <div className="container py-5 admin-glossary">
      <p>
        <Link to="/adminpanel">← Administradores</Link>
      </p>
      <h1 className="mb-3">Glosario</h1>
      <p>
        Cada palabra se marca en un capítulo la primera vez que aparece, escrita como aquí o como una de sus otras
        formas (con los mismos acentos; da igual si lleva mayúsculas). Al tocarla, el lector ve su significado.
      </p>
      <section className="card card-body mb-4" aria-labelledby="glosario-nueva-titulo">
        <h2 id="glosario-nueva-titulo" className="h5">
          Agregar palabra
        </h2>
        <GlossaryForm />
      </section>
      <h2 className="h5">Palabras ({words.length})</h2>
      <ul className="list-unstyled">
        {words.map((entry) => (
          <li key={entry.id} className="card card-body mb-2" data-testid="admin-glossary-word">
            <details>
              <summary>
                <strong>{entry.word}</strong>
                {entry.english && (
                  <>
                    {" "}
                    · <span lang="en">{entry.english}</span>
                  </>
                )}
              </summary>
              <div className="mt-2">
                <GlossaryForm entry={entry} demoRecording={demoRecordings.includes(entry.audioUrl)} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
