/** Where an adult adds a child reader to their family (the families feature's page). */
export const FAMILY_PATH = "/familia";

/**
 * The way in that needs no e-mail: an adult of the family signs in and adds the child. One
 * wording for the sign-up form and the waiting notice, so the child reads the same steps.
 */
export function FamilyPathNote({ className = "mb-0" }: { className?: string }) {
  return (
    <p className={className}>
      Otra forma de tener permiso: pídele a tu mamá, papá o tutor que entre al sitio con su propia cuenta y te agregue
      en <a href={FAMILY_PATH}>Familia</a>.
    </p>
  );
}
