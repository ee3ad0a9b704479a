import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import { ImageUpload } from "../../../ui/image-upload.tsx";
import type { EditorChapter } from "../chapter-editor.server.ts";
import type { ChapterFieldErrors } from "../chapter.schema.ts";
import { IMAGES_MAX } from "../chapter.schema.ts";

export type ChapterListItem = {
  id: string;
  number: number | null;
  title: string;
  slug: string;
  layout: string;
  hidden: boolean;
  /** The QR studio's codes that open the chapter. */
  codes: string[];
};

const LAYOUT_LABEL: Record<string, string> = {
  first: "Primer diseño (texto e ilustraciones)",
  second: "Segundo diseño (número e imágenes con pie)",
  special: "Capítulo especial",
  placeholder: "Muestra",
};

/** /adminpanel/capitulos: every chapter in order, with reorder, hide and edit. */
export function ChapterList({ chapters, saved }: { chapters: ChapterListItem[]; saved: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  return (
    <div className="container py-5 chapter-editor-list">
      <p className="mb-2">
        <Link to="/adminpanel">← Panel de administración</Link>
      </p>
      <h1 className="mb-3">Capítulos</h1>
      {saved && (
        <p className="text-success" role="status">
          Capítulo guardado.
        </p>
      )}
      <p>
        <Link to="/adminpanel/capitulos/nuevo" className="btn btn-warning">
          Nuevo capítulo
        </Link>
      </p>
      <ol className="list-unstyled">
        {chapters.map((chapter, index) => (
          <li key={chapter.id} className="card card-body mb-2" data-testid="editor-chapter">
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <span className="fw-bold">
                {chapter.number ? `Capítulo ${chapter.number}: ` : ""}
                {chapter.title}
              </span>
              <span className="small">/{chapter.slug}</span>
              {chapter.hidden && <span className="badge bg-secondary">Oculto</span>}
              <ChapterCodes
                codes={chapter.codes}
                title={chapter.title}
                action={`/adminpanel/capitulos/${chapter.id}`}
              />
              <span className="ms-auto d-flex flex-wrap gap-2">
                <fetcher.Form method="post" className="d-flex flex-wrap gap-2">
                  <input type="hidden" name="id" value={chapter.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="up"
                    className="btn btn-sm btn-outline-primary"
                    disabled={index === 0}
                    aria-label={`Subir «${chapter.title}»`}
                  >
                    ↑
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="down"
                    className="btn btn-sm btn-outline-primary"
                    disabled={index === chapters.length - 1}
                    aria-label={`Bajar «${chapter.title}»`}
                  >
                    ↓
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={chapter.hidden ? "show" : "hide"}
                    className="btn btn-sm btn-outline-secondary"
                  >
                    {chapter.hidden ? "Mostrar" : "Ocultar"}
                  </button>
                </fetcher.Form>
                <Link
                  to={`/adminpanel/capitulos/${chapter.id}`}
                  className="btn btn-sm btn-primary"
                  aria-label={`Editar «${chapter.title}»`}
                >
                  Editar
                </Link>
              </span>
            </div>
          </li>
        ))}
      </ol>
      {fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && (
        <p className="text-danger" role="alert">
          {fetcher.data.message}
        </p>
      )}
    </div>
  );
}

/**
 * A saved chapter's printed code: links to the studio's codes that open it, or the button that
 * creates one for its saved printed path (`action`: the chapter's editor, which answers with
 * the studio).
 */
function ChapterCodes({ codes, title, action }: { codes: string[]; title: string; action?: string }) {
  const navigation = useNavigation();
  if (codes.length)
    return (
      <p className="mb-0 small">
        {codes.length === 1 ? "Su código QR: " : "Sus códigos QR: "}
        {codes.map((code, index) => (
          <span key={code}>
            {index > 0 && ", "}
            <Link
              to={`/adminpanel/qr#qr-${code}`}
              className="font-monospace"
              aria-label={`Código QR ${code} de «${title}»`}
            >
              {code}
            </Link>
          </span>
        ))}
      </p>
    );
  return (
    <Form method="post" action={action} className="d-inline">
      <input type="hidden" name="intent" value="create-qr" />
      <button
        type="submit"
        className="btn btn-sm btn-outline-dark"
        disabled={navigation.state === "submitting"}
        aria-label={`Crear su código QR: «${title}»`}
      >
        Crear su código QR
      </button>
    </Form>
  );
}

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

/** /adminpanel/capitulos/<id> and /nuevo: every field of a chapter. */
export function ChapterEditor({ isNew, codes, narrationHref, values, preview, errors, message }: EditorProps) {
  const navigation = useNavigation();
  const imageRows = Array.from({ length: IMAGES_MAX }, (_, index) => values.images[index] ?? null);
  const text = (name: keyof ChapterFormValues, label: string, hint?: string) => (
    <FormField id={`chapter-${name}`} label={label} hint={hint} error={errors[name as keyof ChapterFieldErrors]}>
      {(control) => <input {...control} name={name} defaultValue={String(values[name] ?? "")} />}
    </FormField>
  );
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
      {codes && (
        <section className="card card-body mb-4" aria-labelledby="chapter-qr-title">
          <h2 id="chapter-qr-title" className="h6">
            Su código QR
          </h2>
          <ChapterCodes codes={codes} title={values.title} />
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
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="save" />
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
        <MarkdownField initial={values.markdown} initialPreview={preview} error={errors.markdown} />
        <fieldset className="mb-3">
          <legend className="h6">Imágenes con pie</legend>
          {errors.images && <p className="text-danger small">{errors.images}</p>}
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
        <button type="submit" className="btn btn-warning" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Guardando..." : "Guardar capítulo"}
        </button>
      </Form>
    </div>
  );
}
