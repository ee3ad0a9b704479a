import * as z from "zod/mini";
import { firstErrorPerField } from "../../lib/form-errors.ts";
import { OTHER_TARGET } from "./qr-destinations.ts";

export const QR_CODE_MIN = 3;
export const QR_CODE_MAX = 64;
export const QR_LABEL_MAX = 120;
export const QR_TARGET_MAX = 500;

/** Shown beside each field of the studio's forms, by the form and by the action alike. */
export const QR_FIELD_MESSAGES = {
  codeInvalid: `El código lleva de ${QR_CODE_MIN} a ${QR_CODE_MAX} letras minúsculas, números o guiones.`,
  codeTaken: "Ya existe un código con ese nombre.",
  targetInvalid: "El destino debe ser una ruta de este sitio que empiece con / (por ejemplo, /?book).",
  targetMissing: "Elige a dónde lleva el código: un capítulo, un personaje, una página u otra ruta.",
  labelTooLong: `La etiqueta puede tener hasta ${QR_LABEL_MAX} caracteres.`,
  expiresInvalid: "Escribe una fecha válida o déjala vacía.",
} as const;

const M = QR_FIELD_MESSAGES;

/** What /qr/{code} accepts: the same alphabet, compared in lower case. */
export const QR_CODE_PATTERN = /^[a-z0-9-]+$/;
/** A path on this site: one leading slash (not "//", which would leave it), no spaces. */
const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;

const target = z.string().check(
  z.trim(),
  z.maxLength(QR_TARGET_MAX, M.targetInvalid),
  z.refine((value: string) => SITE_PATH.test(value), M.targetInvalid),
);
const label = z.string().check(z.trim(), z.maxLength(QR_LABEL_MAX, M.labelTooLong));
/** A date (yyyy-mm-dd) or date and time from the form; empty means it never expires. */
const expiresAt = z.pipe(
  z.string().check(
    z.trim(),
    z.refine((value: string) => value === "" || !Number.isNaN(Date.parse(value)), M.expiresInvalid),
  ),
  z.transform((value: string) => (value ? new Date(value) : null)),
);

export const qrCreateSchema = z.object({
  code: z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(QR_CODE_MIN, M.codeInvalid),
      z.maxLength(QR_CODE_MAX, M.codeInvalid),
      z.regex(QR_CODE_PATTERN, M.codeInvalid),
    ),
  target,
  label,
  expiresAt,
});
export const qrUpdateSchema = z.object({ target, label, expiresAt });

export type QrCreateInput = z.infer<typeof qrCreateSchema>;
export type QrUpdateInput = z.infer<typeof qrUpdateSchema>;
export type QrField = "code" | "target" | "otherTarget" | "label" | "expiresAt";
export type QrFieldErrors = Partial<Record<QrField, string>>;

export function parseQrForm<S extends typeof qrCreateSchema | typeof qrUpdateSchema>(
  schema: S,
  form: { get(name: string): unknown },
): { ok: true; data: z.infer<S> } | { ok: false; errors: QrFieldErrors } {
  const raw: Record<string, string> = {};
  for (const field of ["code", "target", "otherTarget", "label", "expiresAt"]) {
    const value = form.get(field);
    raw[field] = typeof value === "string" ? value : "";
  }
  // The picker sends a path it offered, or «Otra ruta» with the path typed beside it.
  const typed = raw.target === OTHER_TARGET;
  if (typed) raw.target = raw.otherTarget!;
  const missing = !typed && !raw.target!.trim();
  const result = schema.safeParse(raw);
  if (result.success && !missing) return { ok: true, data: result.data as z.infer<S> };
  const errors = result.success ? {} : firstErrorPerField<QrField>(result.error.issues);
  if (missing) errors.target = M.targetMissing;
  // A typed path's message stands beside the field it was typed in.
  if (typed && errors.target) {
    errors.otherTarget = errors.target;
    delete errors.target;
  }
  return { ok: false, errors };
}
