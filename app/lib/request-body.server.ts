import { data, type MiddlewareFunction } from "react-router";
import { CONTROL_CHARACTERS } from "./text-characters.ts";

/**
 * Root middleware: a request body the app could not use is refused with a 4xx before any
 * action runs, so no action ever fails on one (a 500) or writes part of it.
 *
 * - A page's action takes only forms (url-encoded or multipart), as browsers send them.
 * - A form must parse, and its text may hold no control character but tab and line breaks:
 *   PostgreSQL cannot store NUL, and nothing a reader types contains the others.
 * - The JSON APIs may not carry NUL either, written raw or escaped.
 */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const NUL_IN_JSON = /\u0000|\\u0000/i;

export const REQUEST_BODY_MESSAGES = {
  notAForm: "Envía el formulario desde la página del sitio.",
  brokenForm: "El formulario llegó incompleto o dañado. Vuelve a intentarlo.",
  badCharacters: "El texto contiene caracteres no válidos. Revísalo y vuelve a intentarlo.",
} as const;

const mediaTypeOf = (request: Request) =>
  (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

export const requestBodyMiddleware: MiddlewareFunction<Response> = async ({ request }) => {
  if (BODYLESS_METHODS.has(request.method.toUpperCase())) return;
  const isApi = new URL(request.url).pathname.startsWith("/api/");
  const mediaType = mediaTypeOf(request);

  if (FORM_TYPES.includes(mediaType)) {
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      throw data(REQUEST_BODY_MESSAGES.brokenForm, { status: 400 });
    }
    for (const [name, value] of form) {
      if (CONTROL_CHARACTERS.test(name) || (typeof value === "string" && CONTROL_CHARACTERS.test(value))) {
        throw data(REQUEST_BODY_MESSAGES.badCharacters, { status: 400 });
      }
    }
    return;
  }
  // A page action with any other body (JSON, text, none declared) was not sent by a page.
  if (!isApi) throw data(REQUEST_BODY_MESSAGES.notAForm, { status: 415 });
  const text = await request
    .clone()
    .text()
    .catch(() => null);
  if (text === null) throw data(REQUEST_BODY_MESSAGES.brokenForm, { status: 400 });
  if (NUL_IN_JSON.test(text)) throw data(REQUEST_BODY_MESSAGES.badCharacters, { status: 400 });
};
