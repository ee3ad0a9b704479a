import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";

/** A demo chapter's printed path (its QR code's target). */
export const tokenPath = (number: number) => `/${CHAPTER_PATHS.find((chapter) => chapter.number === number)!.token}`;

/**
 * Every page a visitor can open, with the variants that change what it shows: scanned for
 * accessibility (accessibility.spec.ts) and for reflow at 200% text (reflow.spec.ts).
 */
export const VISITOR_PAGES = [
  "/",
  "/?book",
  "/personajes",
  "/personajes?q=ta",
  "/el-libro",
  "/eventos",
  "/eventos?taquito",
  "/capitulos",
  // The book's words (decision 077).
  "/glosario",
  "/contact",
  "/login",
  "/login?modo=registro",
  "/salida-a-tzintzuntzan",
  tokenPath(1),
  "/qr/no-existe",
  "/qr/event",
  "/pagina-que-no-existe",
  "/privacidad",
  "/recuperar-contrasena",
  "/recuperar-contrasena/nueva?token=ficha-de-prueba",
  "/recuperar-contrasena/nueva?error=INVALID_TOKEN",
  "/cuenta-borrada",
  "/pasaporte",
  "/permiso-familiar/caducado",
  // A class's code, typed on a computer without a camera (decision 067).
  "/clase",
];
