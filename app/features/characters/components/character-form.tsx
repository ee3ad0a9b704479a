import { useEffect, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { CHARACTER_STYLES } from "../../../lib/db-schema.ts";
import { FocalPointPicker } from "../../../ui/focal-point-picker.tsx";
import { FormField, type FieldControlProps } from "../../../ui/form-field.tsx";
import { ImageUpload } from "../../../ui/image-upload.tsx";
import { useValueFromBeforeHydration } from "../../../ui/use-value-from-before-hydration.ts";
import { CHARACTER_MESSAGES, STYLE_LABELS } from "../character-messages.ts";
import {
  EMPTY_CHARACTER_FORM,
  NAME_MAX,
  parseCharacterForm,
  POSITION_PARTS,
  type CharacterField,
  type CharacterFieldErrors,
} from "../character.schema.ts";
import { isOfferedUnlock, type UnlockChoices } from "../unlock-choices.ts";

export type EditableCharacter = { id: string; name: string; values: typeof EMPTY_CHARACTER_FORM };

export type CharacterActionResult =
  | { ok: true; mode: "add" | "edit"; id: string; message: string }
  | { ok: false; message: string; fieldErrors?: CharacterFieldErrors };

type FieldProps = {
  field: CharacterField;
  label: string;
  defaultValue: string;
  errors: CharacterFieldErrors;
  help?: string;
  required?: boolean;
  select?: boolean;
  children?: (control: FieldControlProps & { name: string; defaultValue: string; required?: boolean }) => ReactNode;
  inputMode?: "numeric" | "url" | "text";
  maxLength?: number;
};

/** One field of the character form: its id and message come from the field's name. */
function Field({
  field,
  label,
  defaultValue,
  errors,
  help,
  required,
  select,
  children,
  inputMode,
  maxLength,
}: FieldProps) {
  const requiredMark = required && <span aria-hidden="true"> *</span>;
  return (
    <FormField
      id={`character-${field}`}
      label={
        <>
          {label}
          {requiredMark}
        </>
      }
      error={errors[field]}
      hint={help}
      select={select}
    >
      {(control) => {
        const props = { ...control, name: field, defaultValue, required };
        return children ? (
          children(props)
        ) : (
          <input {...props} inputMode={inputMode} maxLength={maxLength} autoComplete="off" />
        );
      }}
    </FormField>
  );
}

/**
 * /add-character: a selector (add new, or one of the characters) and the form. Choosing a
 * character fills the form; Cancel Edit goes back to adding. After adding the form empties;
 * after editing it stays. The action's answer is the message, coloured red when it is an error.
 */
export function CharacterEditor({
  characters,
  unlockChoices,
}: {
  characters: EditableCharacter[];
  unlockChoices: UnlockChoices;
}) {
  const fetcher = useFetcher<CharacterActionResult>();
  const [selectedId, setSelectedId] = useState("");
  const [resets, setResets] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<CharacterFieldErrors>({});
  // Checked here with the action's own schema first, so the admin sees the same message at once.
  const [localErrors, setLocalErrors] = useState<CharacterFieldErrors | null>(null);

  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const [seenResult, setSeenResult] = useState(result);
  if (result !== seenResult) {
    setSeenResult(result);
    if (result) {
      setMessage(result.message);
      setServerErrors(result.ok ? {} : (result.fieldErrors ?? {}));
      // SPEC.md §4: after adding, the form resets; after editing, it stays.
      if (result.ok && result.mode === "add") setResets((count) => count + 1);
    }
  }

  const selected = characters.find((character) => character.id === selectedId) ?? null;
  const editing = selected !== null;
  const values = selected?.values ?? EMPTY_CHARACTER_FORM;
  const errors = localErrors ?? serverErrors;
  const saving = fetcher.state !== "idle";

  const choose = (id: string) => {
    setSelectedId(id);
    setMessage(null);
    setServerErrors({});
    setLocalErrors(null);
  };
  // Uncontrolled, so a character picked before hydration is opened once the page hydrates.
  const picker = useValueFromBeforeHydration<HTMLSelectElement>(choose);
  // A character deleted meanwhile (live) leaves the picker on 'new' again.
  useEffect(() => {
    if (!editing && picker.current) picker.current.value = "";
  }, [editing, picker]);

  const checkBeforeSending = (event: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const parsed = parseCharacterForm((field) => form.get(field));
    if (parsed.ok) {
      setLocalErrors(null);
      return;
    }
    event.preventDefault();
    setLocalErrors(parsed.errors);
    setMessage(CHARACTER_MESSAGES.errorPrefix + CHARACTER_MESSAGES.checkFields);
  };

  return (
    <div className="container py-5 character-editor">
      <h1 className="mb-4">Agregar o editar personajes</h1>
      <div className="card card-body shadow-sm">
        <FormField id="character-select" label="Personaje" labelClassName="fw-bold" className="mb-4" select>
          {(control) => (
            <select
              {...control}
              ref={picker}
              defaultValue=""
              disabled={saving}
              onChange={(event) => choose(event.target.value)}
            >
              <option value="">{CHARACTER_MESSAGES.addNewOption}</option>
              {characters.map((character) => (
                <option key={character.id} value={character.id}>
                  {character.name}
                </option>
              ))}
            </select>
          )}
        </FormField>

        <h2 className="h5 mb-3">{editing ? `Editar: ${selected.name}` : "Nuevo personaje"}</h2>
        <fetcher.Form
          method="post"
          noValidate
          onSubmit={checkBeforeSending}
          key={`${selected?.id ?? "nuevo"}:${resets}`}
        >
          {editing && <input type="hidden" name="id" value={selected.id} />}
          <p className="small text-body-secondary">Los campos con * son obligatorios.</p>
          <div className="row">
            <div className="col-md-6">
              <Field
                field="name"
                label="Nombre"
                defaultValue={values.name}
                errors={errors}
                required
                maxLength={NAME_MAX}
              />
            </div>
            <div className="col-md-3">
              <Field
                field="order"
                label="Orden"
                defaultValue={values.order}
                errors={errors}
                required
                inputMode="numeric"
                help="0 o más; los números más bajos aparecen primero."
              />
            </div>
            <div className="col-12">
              <Field
                field="imageUrl"
                label="URL de la imagen"
                defaultValue={values.imageUrl}
                errors={errors}
                required
                inputMode="url"
                help="Una ruta de este sitio, como /images/characters/valentina.svg."
              />
              <ImageUpload targetId="character-imageUrl" />
            </div>
            <div className="col-12">
              <FocalPointPicker
                id="character-position"
                legend={
                  <>
                    Punto de la imagen que siempre se ve<span aria-hidden="true"> *</span>
                  </>
                }
                defaultValue={values.position}
                names={POSITION_PARTS}
                imageFieldId="character-imageUrl"
                defaultImage={values.imageUrl}
                error={errors.position}
                hint="Haz clic en la imagen (por ejemplo, en la cara) o mueve los controles: las cartas recortan la imagen alrededor de ese punto."
              />
            </div>
            <div className="col-12">
              <Field field="subtitle" label="Subtítulo" defaultValue={values.subtitle} errors={errors} />
            </div>
            <div className="col-12">
              <Field field="description" label="Descripción" defaultValue={values.description} errors={errors}>
                {(props) => <textarea {...props} rows={4} />}
              </Field>
            </div>
            <div className="col-md-6">
              <Field field="power" label="Poder" defaultValue={values.power} errors={errors}>
                {(props) => <textarea {...props} rows={2} />}
              </Field>
            </div>
            <div className="col-md-6">
              <Field field="weakness" label="Debilidad" defaultValue={values.weakness} errors={errors}>
                {(props) => <textarea {...props} rows={2} />}
              </Field>
            </div>
            <div className="col-md-6">
              <Field field="color" label="Color favorito" defaultValue={values.color} errors={errors} />
            </div>
            <div className="col-md-6">
              <Field field="place" label="Lugar donde vive" defaultValue={values.place} errors={errors} />
            </div>
            <div className="col-12">
              <Field
                field="tags"
                label="Etiquetas"
                defaultValue={values.tags}
                errors={errors}
                help="Separadas por comas, por ejemplo: valiente, curiosa."
              />
            </div>
            <div className="col-md-6">
              <Field
                field="requiredUrl"
                label="Lo desbloquea"
                defaultValue={values.requiredUrl}
                errors={errors}
                select
                help="El capítulo cuyo código QR lo desbloquea al escanearlo, u otro código QR. Sin ninguno, está siempre disponible."
              >
                {(props) => (
                  <select {...props}>
                    <option value="">Ninguno: está siempre disponible</option>
                    {/* A path saved before this list existed stays choosable, as it is. */}
                    {values.requiredUrl && !isOfferedUnlock(unlockChoices, values.requiredUrl) && (
                      <option value={values.requiredUrl}>Ruta guardada: {values.requiredUrl}</option>
                    )}
                    <optgroup label="Capítulos del libro">
                      {unlockChoices.chapters.map((choice) => (
                        <option key={choice.path} value={choice.path}>
                          {choice.label}
                        </option>
                      ))}
                    </optgroup>
                    {unlockChoices.codes.length > 0 && (
                      <optgroup label="Otros códigos QR">
                        {unlockChoices.codes.map((choice) => (
                          <option key={choice.path} value={choice.path}>
                            {choice.label}
                          </option>
                        ))}
                      </optgroup>
                    )}
                  </select>
                )}
              </Field>
            </div>
            <div className="col-md-6">
              <Field field="style" label="Tipo de carta" defaultValue={values.style} errors={errors} required select>
                {(props) => (
                  <select {...props}>
                    {CHARACTER_STYLES.map((style) => (
                      <option key={style} value={style}>
                        {STYLE_LABELS[style]} ({style})
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <div className="col-12">
              <Field
                field="requiredUrlText"
                label="Pista para desbloquearlo"
                defaultValue={values.requiredUrlText}
                errors={errors}
              />
            </div>
          </div>

          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? "Guardando..." : editing ? "Guardar cambios" : "Agregar personaje"}
            </button>
            {editing && (
              <button type="button" className="btn btn-outline-secondary" disabled={saving} onClick={() => choose("")}>
                {CHARACTER_MESSAGES.cancelEdit}
              </button>
            )}
          </div>
        </fetcher.Form>
        <p
          role="status"
          className={`mt-3 mb-0 fw-bold ${message?.includes("Error") ? "text-danger" : "text-success"}`}
          data-testid="character-message"
        >
          {message}
        </p>
      </div>
    </div>
  );
}
