import { fieldErrorId } from "./form-field.tsx";

export type PictureOption = { value: string; label: string; src: string | null };

/**
 * A labelled group of radio buttons, each showing a picture and its name: keyboard (arrows) and
 * screen readers use it as any radio group; the picture is decoration of the label.
 */
export function PictureChoice({
  id,
  name,
  legend,
  options,
  defaultValue,
  error,
}: {
  id: string;
  name: string;
  legend: string;
  options: readonly PictureOption[];
  defaultValue?: string;
  error?: string;
}) {
  return (
    <fieldset className="mb-3" aria-describedby={error ? fieldErrorId(id) : undefined}>
      <legend className="form-label fs-6">{legend}</legend>
      <div className="d-flex flex-wrap gap-2">
        {options.map((option) => (
          <div key={option.value}>
            <input
              type="radio"
              className="btn-check"
              name={name}
              id={`${id}-${option.value}`}
              value={option.value}
              defaultChecked={option.value === defaultValue}
              aria-invalid={error ? true : undefined}
            />
            <label className="btn btn-outline-primary picture-choice" htmlFor={`${id}-${option.value}`}>
              {option.src && <img src={option.src} alt="" width="64" height="64" />}
              <span className="d-block small">{option.label}</span>
            </label>
          </div>
        ))}
      </div>
      {error && (
        <div id={fieldErrorId(id)} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
