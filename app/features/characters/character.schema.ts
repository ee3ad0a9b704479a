import * as z from "zod/mini";
import { CHARACTER_STYLES, type CharacterStyle } from "../../lib/db-schema.ts";
import { firstErrorPerField } from "../../lib/form-errors.ts";
import { CENTER, focalPointOf, focalPointValue } from "../../ui/focal-point.ts";

export const NAME_MAX = 120;
export const TEXT_MAX = 2000;
export const ORDER_MAX = 9999;
export const POSITION_MAX = 60;
export const TAGS_MAX = 20;
export const TAG_MAX = 40;

/** Shown beside each field of the character form, by the form and by the action alike. */
export const CHARACTER_FIELD_MESSAGES = {
  nameRequired: "Escribe el nombre del personaje.",
  nameTooLong: `El nombre puede tener hasta ${NAME_MAX} caracteres.`,
  orderRequired: "Escribe el orden: 0 o un número mayor.",
  orderInvalid: "El orden debe ser un número entero de 0 en adelante.",
  orderTooLarge: `El orden puede llegar hasta ${ORDER_MAX}.`,
  positionRequired: "Elige el punto de la imagen que siempre se ve.",
  positionInvalid: "El punto de la imagen son dos porcentajes de 0 a 100, como 50% 20%.",
  imageUrlRequired: "Escribe la dirección de la imagen.",
  imageUrlInvalid:
    "La imagen debe ser una dirección de este sitio que empiece con / (por ejemplo, /images/characters/valentina.svg).",
  textTooLong: `Este campo puede tener hasta ${TEXT_MAX} caracteres.`,
  tagsTooMany: `Puedes poner hasta ${TAGS_MAX} etiquetas.`,
  tagTooLong: `Cada etiqueta puede tener hasta ${TAG_MAX} caracteres.`,
  requiredUrlInvalid: "Elige de la lista un capítulo o un código QR que lo desbloquee.",
  styleInvalid: "Elige un tipo de la lista.",
} as const;

export const CHARACTER_FIELDS = [
  "name",
  "order",
  "position",
  "imageUrl",
  "subtitle",
  "description",
  "power",
  "weakness",
  "color",
  "place",
  "tags",
  "requiredUrl",
  "requiredUrlText",
  "style",
] as const;
export type CharacterField = (typeof CHARACTER_FIELDS)[number];

const M = CHARACTER_FIELD_MESSAGES;

/** A path on this site: one leading slash (not "//", which would leave it), no spaces. */
const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;
const isSitePath = (value: string) => SITE_PATH.test(value);

const PICKED_POSITION = /^(\d{1,3})% (\d{1,3})%$/;
const isPickedPosition = (value: string) => {
  const match = PICKED_POSITION.exec(value);
  return Boolean(match) && Number(match![1]) <= 100 && Number(match![2]) <= 100;
};

const longText = () => z.string().check(z.trim(), z.maxLength(TEXT_MAX, M.textTooLong));

/** Shared by the /add-character form (checked before sending) and its action (checked again). */
export const characterSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, M.nameRequired), z.maxLength(NAME_MAX, M.nameTooLong)),
  // SPEC.md §5: required, numeric, minimum 0; lower appears first.
  order: z.pipe(
    z.string().check(z.trim(), z.minLength(1, M.orderRequired), z.regex(/^\d+$/, M.orderInvalid)),
    z.pipe(
      z.transform((value: string) => Number.parseInt(value, 10)),
      z.number().check(z.gte(0, M.orderInvalid), z.lte(ORDER_MAX, M.orderTooLarge)),
    ),
  ),
  // The image's object-position, as the focal-point picker writes it: 'X% Y%', whole numbers
  // from 0 to 100. (Characters saved before the picker may hold keywords such as 'center';
  // they still show, and the form turns them into percentages when opened.)
  position: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, M.positionRequired),
      z.maxLength(POSITION_MAX, M.positionInvalid),
      z.refine(isPickedPosition, M.positionInvalid),
    ),
  // SPEC.md §5: a URL value; §7: images come from the product's own host. A path on this site
  // (the Content-Security-Policy admits images from our origin only; see docs/decisions/004).
  imageUrl: z.string().check(
    z.trim(),
    z.minLength(1, M.imageUrlRequired),
    z.maxLength(TEXT_MAX, M.imageUrlInvalid),
    z.refine((value: string) => value === "" || isSitePath(value), M.imageUrlInvalid),
  ),
  subtitle: longText(),
  description: longText(),
  power: longText(),
  weakness: longText(),
  color: longText(),
  place: longText(),
  // SPEC.md §5: split on commas and trimmed; empty pieces are dropped.
  tags: z.pipe(
    z.string(),
    z.pipe(
      z.transform((value: string) =>
        value
          .split(",")
          .map((tag) => tag.trim())
          .filter(Boolean),
      ),
      z.array(z.string().check(z.maxLength(TAG_MAX, M.tagTooLong))).check(z.maxLength(TAGS_MAX, M.tagsTooMany)),
    ),
  ),
  // Optional: the path whose visit unlocks the character (none: always available).
  requiredUrl: z.pipe(
    z.string().check(
      z.trim(),
      z.maxLength(TEXT_MAX, M.requiredUrlInvalid),
      z.refine((value: string) => value === "" || isSitePath(value), M.requiredUrlInvalid),
    ),
    z.transform((value: string) => value || null),
  ),
  requiredUrlText: longText(),
  style: z.enum(CHARACTER_STYLES, M.styleInvalid),
});

export type CharacterInput = z.infer<typeof characterSchema>;
export type CharacterFieldErrors = Partial<Record<CharacterField, string>>;

/** What a new character's form starts with (SPEC.md §3: order 0, position center). */
export const EMPTY_CHARACTER_FORM: Record<CharacterField, string> & { style: CharacterStyle } = {
  name: "",
  order: "0",
  position: focalPointValue(CENTER),
  imageUrl: "",
  subtitle: "",
  description: "",
  power: "",
  weakness: "",
  color: "",
  place: "",
  tags: "",
  requiredUrl: "",
  requiredUrlText: "",
  style: "basic",
};

/** The focal-point picker's two sliders, sent instead of `position`. */
export const POSITION_PARTS = { x: "positionX", y: "positionY" } as const;
type FormKey = CharacterField | (typeof POSITION_PARTS)[keyof typeof POSITION_PARTS];

/**
 * Parses the form's fields (from FormData or a plain object); missing fields count as empty.
 * The picker sends the position as two percentages, joined here into 'X% Y%'; `position`
 * itself is read when they are absent. Returns the first message of each invalid field, for
 * showing beside it.
 */
export function parseCharacterForm(read: ((field: FormKey) => unknown) | Partial<Record<FormKey, unknown>>) {
  const get = typeof read === "function" ? read : (field: FormKey) => read[field];
  const text = (field: FormKey) => {
    const value = get(field);
    return typeof value === "string" ? value : "";
  };
  const raw: Record<string, string> = Object.fromEntries(CHARACTER_FIELDS.map((field) => [field, text(field)]));
  const [x, y] = [text(POSITION_PARTS.x).trim(), text(POSITION_PARTS.y).trim()];
  if (x || y) raw.position = `${x}% ${y}%`;
  const result = characterSchema.safeParse(raw);
  if (result.success) return { ok: true as const, data: result.data };
  const errors: CharacterFieldErrors = firstErrorPerField<CharacterField>(result.error.issues, {
    style: M.styleInvalid,
  });
  return { ok: false as const, errors };
}

type CharacterValues = {
  name: string;
  order: number;
  position: string;
  imageUrl: string;
  subtitle: string;
  description: string;
  power: string;
  weakness: string;
  color: string;
  place: string;
  tags: readonly string[];
  requiredUrl: string | null;
  requiredUrlText: string;
  style: CharacterStyle;
};

/** A saved character as the form shows it (the reverse of parseCharacterForm). */
export function characterFormValues(character: CharacterValues): typeof EMPTY_CHARACTER_FORM {
  return {
    name: character.name,
    order: String(character.order),
    // A keyword saved before the picker ('center') opens as the point it names.
    position: focalPointValue(focalPointOf(character.position) ?? CENTER),
    imageUrl: character.imageUrl,
    subtitle: character.subtitle,
    description: character.description,
    power: character.power,
    weakness: character.weakness,
    color: character.color,
    place: character.place,
    tags: character.tags.join(", "),
    requiredUrl: character.requiredUrl ?? "",
    requiredUrlText: character.requiredUrlText,
    style: character.style,
  };
}
