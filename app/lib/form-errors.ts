/** What a form says above its fields when one of them is refused (each field says why). */
export const CHECK_MARKED_FIELDS = "Revisa los campos marcados.";

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * The first message for each field of a refused form, from a schema's issues (zod's), with a
 * field's own wording in place of the schema's where `instead` gives one (a select whose value
 * was tampered with is "choose one of the list", whatever the schema's reason).
 */
export function firstErrorPerField<Field extends string>(
  issues: readonly Issue[],
  instead: Partial<Record<Field, string>> = {},
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= instead[field] ?? issue.message;
  }
  return errors;
}
