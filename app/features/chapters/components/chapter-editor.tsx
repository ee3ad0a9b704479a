import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import { ImageUpload } from "../../../ui/image-upload.tsx";
import type { EditorChapter } from "../chapter-editor.server.ts";
import type { ChapterFieldErrors } from "../chapter.schema.ts";
import { IMAGES_MAX } from "../chapter.schema.ts";
import { ChapterCodes } from "./chapter-codes.tsx";

export { ChapterList, type ChapterListItem } from "./chapter-list.tsx";

const LAYOUT_LABEL: Record<string, string> = {
  first: "Primer diseño (texto e ilustraciones)",
  second: "Segundo diseño (número e imágenes con pie)",
  special: "Capítulo especial",
  placeholder: "Muestra",
};

/** What the form edits: a stored chapter, or a new one (no id yet). */
export type ChapterFormValues = Omit<EditorChapter, "id">;

type EditorProps = {
  isNew: boolean;
  /** The QR studio's codes that open this saved chapter; null for a chapter not saved yet. */
  codes: string[] | null;
  /** The chapter's narration page ('Léemelo', decision 078); null for a chapter not saved yet. */
  narrationHref: string | null;
  values: ChapterFormValues;
  preview: string;
  errors: ChapterFieldErrors;
  message: string | null;
};

/** The Markdown body with a live preview: the server converts and sanitises, as on save. */
function MarkdownField({
  initial,
  initialPreview,
  error,
}: {
  initial: string;
  initialPreview: string;
  error?: string;
}) {
  const fetcher = useFetcher<{ preview?: string }>();
  const [preview, setPreview] = useState(initialPreview);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (fetcher.data?.preview !== undefined) setPreview(fetcher.data.preview);
  }, [fetcher.data]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="row g-3 mb-3">
      <FormField
        id="chapter-markdown"
        label="Texto (Markdown)"
        hint="**negrita**, *cursiva*, ## subtítulo, > cita, - lista. El HTML peligroso se quita al guardar."
        error={error}
        className="col-lg-6"
      >
        {(control) => (
          <textarea
            {...control}
            name="markdown"
            rows={16}
            defaultValue={initial}
            onChange={(event) => {
              const markdown = event.currentTarget.value;
              clearTimeout(timer.current);
              timer.current = setTimeout(
                () => fetcher.submit({ intent: "preview", markdown }, { method: "post" }),
                300,
              );
            }}
          />
        )}
      </FormField>
      <section className="col-lg-6" aria-labelledby="chapter-preview-title">
        <h2 id="chapter-preview-title" className="form-label h6">
          Vista previa
        </h2>
        <div
          className="chapter-body chapter-preview border rounded p-3"
          data-testid="chapter-preview"
          dangerouslySetInnerHTML={{ __html: preview }}
        />
      </section>
    </div>
  );
}

/** The chapter's fields other than its text and images: title, address, layout, printed code, teasers. */
function ChapterFields({ values, errors }: { values: ChapterFormValues; errors: ChapterFieldErrors }) {
  const text = (name: keyof ChapterFormValues, label: string, hint?: string) => (
    <FormField id={`chapter-${name}`} label={label} hint={hint} error={errors[name as keyof ChapterFieldErrors]}>
      {(control) => <input {...control} name={name} defaultValue={String(values[name] ?? "")} />}
    </FormField>
  );
  return (
    <div className="row">
      <div className="col-md-6">{text("title", "Título")}</div>
      <div className="col-md-6">{text("subtitle", "Subtítulo")}</div>
      <div className="col-md-2">{text("number", "Número", "Vacío para un capítulo sin número.")}</div>
      <div className="col-md-4">{text("slug", "Dirección pública", "Por ejemplo, el-mictlan: /el-mictlan.")}</div>
      <div className="col-md-6">
        <FormField id="chapter-layout" label="Diseño" error={errors.layout} select>
          {(control) => (
            <select {...control} name="layout" defaultValue={values.layout}>
              {["first", "second", "special"].map((layout) => (
                <option key={layout} value={layout}>
                  {LAYOUT_LABEL[layout]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="col-md-6">
        {text(
          "requiredUrl",
          "Ruta del código impreso",
          "La que abre y desbloquea el capítulo; nunca se muestra a los lectores. Propuesta al azar.",
        )}
      </div>
      <div className="col-md-6">{text("requiredUrlText", "Pista mientras está bloqueado")}</div>
      <div className="col-md-6">{text("description", "Descripción breve")}</div>
      <div className="col-md-6">
        {text(
          "teaser",
          "Adelanto sin spoilers",
          "Lo que ve quien aún no abre el capítulo, en lugar de la descripción. Hasta 280 caracteres.",
        )}
      </div>
      <div className="col-md-6">{text("commentPrompt", "Pregunta para los comentarios")}</div>
    </div>
  );
}

/** The images with captions: IMAGES_MAX rows, each with its address (or an upload), alt text and caption. */
function ImageFields({ images, error }: { images: ChapterFormValues["images"]; error?: string }) {
  const imageRows = Array.from({ length: IMAGES_MAX }, (_, index) => images[index] ?? null);
  return (
    <fieldset className="mb-3">
      <legend className="h6">Imágenes con pie</legend>
      {error && <p className="text-danger small">{error}</p>}
      {imageRows.map((image, index) => (
        <div className="row g-2" key={index}>
          <FormField id={`image-${index}-src`} label={`Imagen ${index + 1}: dirección`} className="col-md-4 mb-2">
            {(control) => <input {...control} name={`image-${index}-src`} defaultValue={image?.src ?? ""} />}
          </FormField>
          <FormField id={`image-${index}-alt`} label="Texto alternativo" className="col-md-4 mb-2">
            {(control) => <input {...control} name={`image-${index}-alt`} defaultValue={image?.alt ?? ""} />}
          </FormField>
          <FormField id={`image-${index}-description`} label="Pie de imagen" className="col-md-4 mb-2">
            {(control) => (
              <input {...control} name={`image-${index}-description`} defaultValue={image?.description ?? ""} />
            )}
          </FormField>
          <div className="col-12">
            <ImageUpload targetId={`image-${index}-src`} label={`O sube la imagen ${index + 1}`} />
          </div>
        </div>
      ))}
    </fieldset>
  );
}

/** A saved chapter's links: the QR codes that open it, and its narration page. */
function SavedChapterLinks({
  codes,
  narrationHref,
  title,
}: {
  codes: string[] | null;
  narrationHref: string | null;
  title: string;
}) {
  return (
    <>
      {codes && (
        <section className="card card-body mb-4" aria-labelledby="chapter-qr-title">
          <h2 id="chapter-qr-title" className="h6">
            Su código QR
          </h2>
          <ChapterCodes codes={codes} title={title} />
        </section>
      )}
      {narrationHref && (
        <section className="card card-body mb-4" aria-labelledby="chapter-narration-title">
          <h2 id="chapter-narration-title" className="h6">
            Léemelo
          </h2>
          <p className="mb-0">
            <Link to={narrationHref}>La narración del capítulo</Link>: sube la grabación y marca dónde empieza cada
            palabra.
          </p>
        </section>
      )}
    </>
  );
}

/** /adminpanel/capitulos/<id> and /nuevo: every field of a chapter. */
export function ChapterEditor({ isNew, codes, narrationHref, values, preview, errors, message }: EditorProps) {
  const navigation = useNavigation();
  return (
    <div className="container py-5 chapter-editor">
      <p className="mb-2">
        <Link to="/adminpanel/capitulos">← Capítulos</Link>
      </p>
      <h1 className="mb-3">{isNew ? "Nuevo capítulo" : `Editar «${values.title}»`}</h1>
      {message && (
        <p className="text-danger" role="alert">
          {message}
        </p>
      )}
      <SavedChapterLinks codes={codes} narrationHref={narrationHref} title={values.title} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="save" />
        <ChapterFields values={values} errors={errors} />
        <MarkdownField initial={values.markdown} initialPreview={preview} error={errors.markdown} />
        <ImageFields images={values.images} error={errors.images} />
        <button type="submit" className="btn btn-warning" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Guardando..." : "Guardar capítulo"}
        </button>
      </Form>
    </div>
  );
}
