import { useState } from "react";
import { FamilyPathNote } from "./family-path.tsx";
import { FormField } from "./form-field.tsx";
import { useValueFromBeforeHydration } from "./use-value-from-before-hydration.ts";

export type BirthYearErrors = { birthYear?: string; guardianEmail?: string };

/**
 * The age question as the server's rule (app/features/age/age-rule.ts, `ageQuestion`) hands it
 * to a form: the years offered, which of them need a guardian, and whether a guardian can be
 * asked by e-mail here ('mail') or only through the family path ('family': no mail can be sent).
 */
export type AgeQuestion = { years: number[]; guardianYears: number[]; guardianReach: "mail" | "family" };

type Props = {
  errors: BirthYearErrors;
  /** What the reader sent last time (after a refusal), so nothing is lost. */
  defaults?: { birthYear?: string; guardianEmail?: string };
  question: AgeQuestion;
  privacyLink?: boolean;
};

/**
 * 'Año de nacimiento' (a select with no year chosen) and, for a reader under 14, the guardian's
 * e-mail, or, when the site cannot send mail, what will happen instead. It appears as soon as a
 * child's year is picked; without JavaScript the server asks for it beside the field.
 */
export function BirthYearFields({ errors, defaults = {}, question, privacyLink = true }: Props) {
  const [chosen, setChosen] = useState(defaults.birthYear ?? "");
  // Uncontrolled, so a year picked before hydration stays (and a child's guardian field shows).
  const select = useValueFromBeforeHydration<HTMLSelectElement>(setChosen);
  const child = question.guardianYears.includes(Number(chosen)) || Boolean(errors.guardianEmail);
  const privacy = privacyLink && (
    <>
      {" "}
      <a href="/privacidad">Qué guardamos</a>.
    </>
  );
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
            {question.years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {child && question.guardianReach === "mail" && (
        <FormField
          id="guardianEmail"
          label="Correo de tu mamá, papá o tutor"
          error={errors.guardianEmail}
          hint={
            <>
              Como tienes menos de 14 años, le pediremos permiso por correo.
              {privacy}
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
      {child && question.guardianReach === "family" && (
        <div className="alert alert-warning" data-testid="family-path-at-sign-up">
          <p>
            Como tienes menos de 14 años, necesitas el permiso de tu mamá, papá o tutor. Este sitio no puede enviar
            correos ahora, así que no le escribiremos. Puedes crear tu cuenta para leer y coleccionar; para comentar
            hace falta su permiso.
            {privacy}
          </p>
          <FamilyPathNote />
        </div>
      )}
    </>
  );
}
