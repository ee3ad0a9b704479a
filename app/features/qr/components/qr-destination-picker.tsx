import { FormField } from "../../../ui/form-field.tsx";
import type { QrFieldErrors } from "../qr-code.schema.ts";
import { isOffered, OTHER_TARGET, type Destinations } from "../qr-destinations.ts";

/**
 * 'Destino': a chapter, a character or a page chosen by name, or another path of the site typed
 * beside it. Both are plain fields (no script needed); the action reads the typed path only
 * when «Otra ruta» is chosen.
 */
export function DestinationPicker({
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
