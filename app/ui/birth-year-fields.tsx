import { useState } from "react";
import { birthYearOptions, isChildBirthYear, parseBirthYear } from "../lib/birth-year.ts";
import { FormField } from "./form-field.tsx";
import { useValueFromBeforeHydration } from "./use-value-from-before-hydration.ts";

export type BirthYearErrors = { birthYear?: string; guardianEmail?: string };

type Props = {
  errors: BirthYearErrors;
  /** What the reader sent last time (after a refusal), so nothing is lost. */
  defaults?: { birthYear?: string; guardianEmail?: string };
  /** Where the current year comes from (the server's, so the list matches what it accepts). */
  year: number;
  privacyLink?: boolean;
};

/**
 * 'Año de nacimiento' (a select with no year chosen) and, for a reader under 14, the guardian's
 * e-mail. The second field appears as soon as a child's year is picked; without JavaScript the
 * server asks for it beside the field.
 */
export function BirthYearFields({ errors, defaults = {}, year, privacyLink = true }: Props) {
  const now = new Date(year, 6, 1);
  const [chosen, setChosen] = useState(defaults.birthYear ?? "");
  // Uncontrolled, so a year picked before hydration stays (and a child's guardian field shows).
  const select = useValueFromBeforeHydration<HTMLSelectElement>(setChosen);
  const chosenYear = parseBirthYear(chosen, now);
  const child = (chosenYear !== null && isChildBirthYear(chosenYear, now)) || Boolean(errors.guardianEmail);
  return (
    <>
      <FormField id="birthYear" label="Año de nacimiento" error={errors.birthYear} select>
        {(control) => (
          <select
            {...control}
            name="birthYear"
            required
            ref={select}
            defaultValue={defaults.birthYear ?? ""}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">Elige un año</option>
            {birthYearOptions(now).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {child && (
        <FormField
          id="guardianEmail"
          label="Correo de tu mamá, papá o tutor"
          error={errors.guardianEmail}
          hint={
            <>
              Como tienes menos de 14 años, le pediremos permiso por correo.
              {privacyLink && (
                <>
                  {" "}
                  <a href="/privacidad">Qué guardamos</a>.
                </>
              )}
            </>
          }
        >
          {(control) => (
            <input
              {...control}
              name="guardianEmail"
              type="email"
              required
              autoComplete="off"
              defaultValue={defaults.guardianEmail}
            />
          )}
        </FormField>
      )}
    </>
  );
}
