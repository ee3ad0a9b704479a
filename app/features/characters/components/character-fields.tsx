import type { ReactNode } from "react";
import { CHARACTER_STYLES } from "../../../lib/db-schema.ts";
import { FocalPointPicker } from "../../../ui/focal-point-picker.tsx";
import { FormField, type FieldControlProps } from "../../../ui/form-field.tsx";
import { ImageUpload } from "../../../ui/image-upload.tsx";
import { STYLE_LABELS } from "../character-messages.ts";
import {
  EMPTY_CHARACTER_FORM,
  NAME_MAX,
  POSITION_PARTS,
  type CharacterField,
  type CharacterFieldErrors,
} from "../character.schema.ts";
import { isOfferedUnlock, type UnlockChoices } from "../unlock-choices.ts";

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

/** What unlocks a character: one of the book's chapters or another working QR code, or none. */
function UnlockOptions({ saved, choices }: { saved: string; choices: UnlockChoices }) {
  return (
    <>
      <option value="">Ninguno: está siempre disponible</option>
      {/* A path saved before this list existed stays choosable, as it is. */}
      {saved && !isOfferedUnlock(choices, saved) && <option value={saved}>Ruta guardada: {saved}</option>}
      <optgroup label="Capítulos del libro">
        {choices.chapters.map((choice) => (
          <option key={choice.path} value={choice.path}>
            {choice.label}
          </option>
        ))}
      </optgroup>
      {choices.codes.length > 0 && (
        <optgroup label="Otros códigos QR">
          {choices.codes.map((choice) => (
            <option key={choice.path} value={choice.path}>
              {choice.label}
            </option>
          ))}
        </optgroup>
      )}
    </>
  );
}

type SectionProps = { values: typeof EMPTY_CHARACTER_FORM; errors: CharacterFieldErrors };

/** Who the character is and how its picture shows: name, order, picture and its focal point. */
function IdentityFields({ values, errors }: SectionProps) {
  return (
    <>
      <div className="col-md-6">
        <Field field="name" label="Nombre" defaultValue={values.name} errors={errors} required maxLength={NAME_MAX} />
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
    </>
  );
}

/** What the character's card tells: subtitle, description, power, weakness and the rest. */
function StoryFields({ values, errors }: SectionProps) {
  return (
    <>
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
    </>
  );
}

/** How the character is unlocked, and its kind of card. */
function UnlockFields({ values, errors, unlockChoices }: SectionProps & { unlockChoices: UnlockChoices }) {
  return (
    <>
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
              <UnlockOptions saved={values.requiredUrl} choices={unlockChoices} />
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
    </>
  );
}

/** The character form's fields, filled with `values` (a character being edited, or empty). */
export function CharacterFields({
  values,
  errors,
  unlockChoices,
}: {
  values: typeof EMPTY_CHARACTER_FORM;
  errors: CharacterFieldErrors;
  unlockChoices: UnlockChoices;
}) {
  return (
    <div className="row">
      <IdentityFields values={values} errors={errors} />
      <StoryFields values={values} errors={errors} />
      <UnlockFields values={values} errors={errors} unlockChoices={unlockChoices} />
    </div>
  );
}
