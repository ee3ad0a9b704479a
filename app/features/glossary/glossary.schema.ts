import { z } from "zod";
import { CHECK_MARKED_FIELDS, firstErrorPerField } from "../../lib/form-errors.ts";

/** What the admin glossary form says beside a field (Spanish, as admins see it). */
export const GLOSSARY_MESSAGES = {
  word: "Escribe la palabra (hasta 60 caracteres, sin signos como < o >).",
  forms: "Escribe las otras formas separadas por comas (cada una hasta 60 caracteres, sin signos como < o >).",
  meaning: "Escribe el significado para niños (hasta 400 caracteres).",
  english: "La palabra en inglés puede tener hasta 120 caracteres.",
  imageUrl: "La imagen debe ser una ruta de este sitio que empiece con /images/ o /media/ (o dejarse vacía).",
  imageAlt: "Describe la imagen para quien no la ve (hasta 200 caracteres).",
  audioUrl:
    "La grabación debe ser una ruta de este sitio que empiece con /audio/ o /media/ y termine en .mp3, .ogg, .opus, .m4a, .webm o .wav (o dejarse vacía).",
  duplicate: "Esa palabra (o una de sus formas) ya está en el glosario.",
  saved: "Palabra guardada.",
  added: "Palabra agregada al glosario.",
  deleted: "Palabra borrada del glosario.",
  notFound: "Esa palabra ya no está en el glosario.",
  invalid: CHECK_MARKED_FIELDS,
} as const;

/**
 * A word or form: letters (any accent), spaces, hyphens and apostrophes. Nothing that could read
 * as markup, and something a chapter's text can actually contain.
 */
const WORD_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' -]*$/u;
const clean = (value: unknown) =>
  typeof value === "string" ? value.normalize("NFC").replace(/\s+/gu, " ").trim() : "";

const text = (max: number, message: string, min = 0) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : ""),
    z.string().min(min, message).max(max, message),
  );

/** A path of this site under one of `folders`, with nothing that leaves it ('..', '//', a query). */
const sitePath = (folders: readonly string[], ending: RegExp) => (value: string) =>
  folders.some((folder) => value.startsWith(folder)) &&
  /^\/[A-Za-z0-9._\-/]+$/.test(value) &&
  !value.includes("..") &&
  !value.includes("//") &&
  ending.test(value);

export const glossaryFormSchema = z
  .object({
    word: z.preprocess(
      clean,
      z
        .string()
        .min(1, GLOSSARY_MESSAGES.word)
        .max(60, GLOSSARY_MESSAGES.word)
        .regex(WORD_PATTERN, GLOSSARY_MESSAGES.word),
    ),
    forms: z.preprocess(
      (value) =>
        typeof value === "string"
          ? value
              .split(/[,\n]/)
              .map(clean)
              .filter((form) => form !== "")
          : [],
      z
        .array(z.string().max(60, GLOSSARY_MESSAGES.forms).regex(WORD_PATTERN, GLOSSARY_MESSAGES.forms))
        .max(12, GLOSSARY_MESSAGES.forms),
    ),
    meaning: text(400, GLOSSARY_MESSAGES.meaning, 1),
    english: text(120, GLOSSARY_MESSAGES.english),
    imageUrl: z.preprocess(
      (value) => (typeof value === "string" ? value.trim() : ""),
      z
        .string()
        .max(300, GLOSSARY_MESSAGES.imageUrl)
        .refine(
          (value) => value === "" || sitePath(["/images/", "/media/"], /\.(svg|png|jpe?g|webp|avif)$/i)(value),
          GLOSSARY_MESSAGES.imageUrl,
        ),
    ),
    imageAlt: text(200, GLOSSARY_MESSAGES.imageAlt),
    audioUrl: z.preprocess(
      (value) => (typeof value === "string" ? value.trim() : ""),
      z
        .string()
        .max(300, GLOSSARY_MESSAGES.audioUrl)
        .refine(
          (value) => value === "" || sitePath(["/audio/", "/media/"], /\.(mp3|ogg|opus|m4a|webm|wav)$/i)(value),
          GLOSSARY_MESSAGES.audioUrl,
        ),
    ),
  })
  // A picture always comes with words for those who cannot see it.
  .refine((input) => input.imageUrl === "" || input.imageAlt !== "", {
    path: ["imageAlt"],
    message: GLOSSARY_MESSAGES.imageAlt,
  });

export type GlossaryInput = z.output<typeof glossaryFormSchema>;
export type GlossaryField = keyof GlossaryInput;
/** The form's fields, and the uploaded recording's, which is checked apart (glossary-recordings.server.ts). */
export type GlossaryFieldErrors = Partial<Record<GlossaryField | "audioFile", string>>;

const FIELDS: readonly GlossaryField[] = ["word", "forms", "meaning", "english", "imageUrl", "imageAlt", "audioUrl"];

/** Parses the admin form; errors keyed by field, the first message each. */
export function parseGlossaryForm(
  form: FormData,
): { ok: true; data: GlossaryInput } | { ok: false; errors: GlossaryFieldErrors } {
  const raw = Object.fromEntries(FIELDS.map((key) => [key, form.get(key) ?? undefined]));
  const result = glossaryFormSchema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: firstErrorPerField<GlossaryField>(result.error.issues) };
}
