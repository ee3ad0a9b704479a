import * as z from "zod/mini";
import { firstErrorPerField } from "../../lib/form-errors.ts";

export const TITLE_MAX = 160;
export const TEXT_MAX = 2000;
export const BODY_MAX = 100_000;
export const IMAGES_MAX = 6;
/** A teaser is one or two short sentences (the column checks the same limit, migration 0011). */
export const TEASER_MAX = 280;

/**
 * First path segments the site already routes (app/routes.ts, public/, React Router's own): a
 * chapter slug or token path there would be shadowed by the page, or shadow a future one.
 */
export const RESERVED_SEGMENTS = new Set([
  // The trip copy's service worker (public/sw.js, decision 075).
  "sw.js",
  "personajes",
  "narracion",
  "el-libro",
  "eventos",
  "capitulos",
  "qr",
  "login",
  "logout",
  "contact",
  "tu-perfil",
  "profile",
  "section1",
  "section2",
  "section3",
  "reservation",
  "special-event",
  "add-character",
  "adminpanel",
  "healthz",
  "readyz",
  "api",
  "robots.txt",
  "sitemap.xml",
  "manifest.webmanifest",
  "favicon.svg",
  "assets",
  "images",
  "media",
  "vista-previa",
  "__manifest",
  "privacidad",
  "recuperar-contrasena",
  "cuenta-borrada",
  "pasaporte",
  "permiso-familiar",
  "tu-edad",
  // Families (issue 22).
  "familia",
  "clases",
  "clase",
  "quien-lee",
  "mi-clan",
  "entrar",
  // The book's words (decision 077).
  "glosario",
  "icon.svg",
  "icon-192.png",
  "icon-512.png",
  "apple-touch-icon.png",
]);

export const CHAPTER_FIELD_MESSAGES = {
  titleRequired: "Escribe el título del capítulo.",
  titleTooLong: `El título puede tener hasta ${TITLE_MAX} caracteres.`,
  textTooLong: `Este campo puede tener hasta ${TEXT_MAX} caracteres.`,
  bodyTooLong: `El texto puede tener hasta ${BODY_MAX} caracteres.`,
  numberInvalid: "El número debe ser un entero de 1 a 999, o quedar vacío.",
  slugInvalid: "La dirección lleva letras minúsculas, números y guiones (por ejemplo, el-mictlan).",
  slugReserved: "Esa dirección ya la usa otra página del sitio.",
  slugTaken: "Otro capítulo ya usa esa dirección.",
  tokenInvalid:
    "La ruta del código impreso empieza con / y lleva letras minúsculas, números, guiones y /, sin espacios.",
  tokenTaken: "Otro capítulo ya usa esa ruta.",
  layoutInvalid: "Elige un diseño de la lista.",
  teaserTooLong: `El adelanto puede tener hasta ${TEASER_MAX} caracteres.`,
  teaserIsSummary: "El adelanto no puede ser igual a la descripción: escribe algo que no cuente la historia.",
  imageInvalid: "La imagen debe ser una dirección de este sitio que empiece con / y llevar una descripción breve.",
} as const;

const M = CHAPTER_FIELD_MESSAGES;

export const CHAPTER_LAYOUTS = ["first", "second", "special"] as const;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TOKEN_PATTERN = /^\/[a-z0-9]+(?:[-/][a-z0-9]+)*$/;
const SITE_PATH = /^\/(?!\/)[^\s\\"'<>]*$/;

const text = (max = TEXT_MAX, message: string = M.textTooLong) => z.string().check(z.trim(), z.maxLength(max, message));

const image = z.object({
  src: z.string().check(z.trim(), z.maxLength(500, M.imageInvalid), z.regex(SITE_PATH, M.imageInvalid)),
  alt: z.string().check(z.trim(), z.minLength(1, M.imageInvalid), z.maxLength(300, M.imageInvalid)),
  description: text(),
});

export const chapterSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1, M.titleRequired), z.maxLength(TITLE_MAX, M.titleTooLong)),
  subtitle: text(),
  number: z.pipe(
    z.string().check(
      z.trim(),
      z.refine((value: string) => value === "" || /^[1-9]\d{0,2}$/.test(value), M.numberInvalid),
    ),
    z.transform((value: string) => (value ? Number(value) : null)),
  ),
  slug: z.string().check(
    z.trim(),
    z.maxLength(120, M.slugInvalid),
    z.regex(SLUG_PATTERN, M.slugInvalid),
    z.refine((value: string) => !RESERVED_SEGMENTS.has(value), M.slugReserved),
  ),
  layout: z.enum(CHAPTER_LAYOUTS, M.layoutInvalid),
  requiredUrlText: text(),
  requiredUrl: z.string().check(
    z.trim(),
    z.maxLength(200, M.tokenInvalid),
    z.regex(TOKEN_PATTERN, M.tokenInvalid),
    z.refine((value: string) => !RESERVED_SEGMENTS.has(value.slice(1).split("/")[0]!), M.slugReserved),
  ),
  commentPrompt: text(),
  description: text(),
  teaser: text(TEASER_MAX, M.teaserTooLong),
  markdown: text(BODY_MAX, M.bodyTooLong),
  images: z.array(image).check(z.maxLength(IMAGES_MAX, M.imageInvalid)),
});

export type ChapterInput = z.infer<typeof chapterSchema>;
export type ChapterField = Exclude<keyof ChapterInput, "images"> | "images";
export type ChapterFieldErrors = Partial<Record<ChapterField, string>>;

const SCALAR_FIELDS = [
  "title",
  "subtitle",
  "number",
  "slug",
  "layout",
  "requiredUrlText",
  "requiredUrl",
  "commentPrompt",
  "description",
  "teaser",
  "markdown",
] as const;

/** Reads the editor's form: scalar fields, and image rows image-N-src/alt/description (empty rows dropped). */
export function parseChapterForm(form: { get(name: string): unknown }) {
  const str = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const raw: Record<string, unknown> = Object.fromEntries(SCALAR_FIELDS.map((field) => [field, str(field)]));
  raw.images = Array.from({ length: IMAGES_MAX }, (_, index) => ({
    src: str(`image-${index}-src`),
    alt: str(`image-${index}-alt`),
    description: str(`image-${index}-description`),
  })).filter((row) => row.src.trim() || row.alt.trim() || row.description.trim());
  const result = chapterSchema.safeParse(raw);
  if (result.success) {
    // Locked cards show the teaser instead of the description: the same text would spoil it.
    const { teaser, description } = result.data;
    if (teaser && teaser.toLowerCase() === description.toLowerCase())
      return { ok: false as const, errors: { teaser: M.teaserIsSummary } as ChapterFieldErrors };
    return { ok: true as const, data: result.data };
  }
  const errors: ChapterFieldErrors = firstErrorPerField<ChapterField>(result.error.issues, {
    layout: M.layoutInvalid,
    images: M.imageInvalid,
  });
  return { ok: false as const, errors };
}
