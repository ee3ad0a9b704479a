import * as z from "zod/mini";
import { firstErrorPerField } from "../../lib/form-errors.ts";

export const PROFILE_MESSAGES = {
  displayNameRequired: "Escribe tu nombre para mostrar.",
  displayNameTooLong: "Tu nombre puede tener hasta 60 caracteres.",
  ageInvalid: "La edad debe ser un número entero entre 1 y 120.",
  clanInvalid: "Elige uno de los clanes de la lista.",
} as const;

/** Shared by the /tu-perfil form and its action (DESIGN.md limits: name 1–60, age 1–120). */
export const profileSchema = z.object({
  displayName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, PROFILE_MESSAGES.displayNameRequired),
      z.maxLength(60, PROFILE_MESSAGES.displayNameTooLong),
    ),
  age: z.union([
    z.pipe(
      z.literal(""),
      z.transform(() => null),
    ),
    z.pipe(
      z.string().check(z.regex(/^\s*\d{1,3}\s*$/, PROFILE_MESSAGES.ageInvalid)),
      z.pipe(
        z.transform((value: string) => Number.parseInt(value, 10)),
        z.number().check(z.gte(1, PROFILE_MESSAGES.ageInvalid), z.lte(120, PROFILE_MESSAGES.ageInvalid)),
      ),
    ),
  ]),
  clan: z.pipe(
    z.string().check(z.regex(/^[0-4]$/, PROFILE_MESSAGES.clanInvalid)),
    z.transform((value: string) => Number(value)),
  ),
});

export type ProfileInput = z.infer<typeof profileSchema>;
export type ProfileFieldErrors = Partial<Record<keyof ProfileInput, string>>;

/** Field-by-field messages, for showing each one beside its field. */
export function parseProfileForm(form: { displayName: unknown; age: unknown; clan: unknown }) {
  const result = profileSchema.safeParse({
    displayName: typeof form.displayName === "string" ? form.displayName : "",
    age: typeof form.age === "string" ? form.age : "",
    clan: typeof form.clan === "string" ? form.clan : "0",
  });
  if (result.success) return { ok: true as const, data: result.data };
  const errors: ProfileFieldErrors = firstErrorPerField<keyof ProfileInput>(result.error.issues, {
    age: PROFILE_MESSAGES.ageInvalid,
    clan: PROFILE_MESSAGES.clanInvalid,
  });
  return { ok: false as const, errors };
}
