/**
 * Where a QR code leads, said by name: the studio's picker offers the book's chapters, its
 * characters and the site's pages by name, and the studio lists every code by what a scan of
 * it opens, or flags it when it opens nothing. Pure (the chapters and characters are handed in
 * by the route, features do not read each other), so the page and its tests can use it.
 */

/** One destination the picker offers. */
export type Destination = { path: string; label: string };

/** The picker's three groups. */
export type Destinations = { chapters: Destination[]; characters: Destination[]; pages: Destination[] };

/** The picker's choice for a path typed by hand; the typed path travels in `otherTarget`. */
export const OTHER_TARGET = "otra";

/** The parameter of /personajes that opens one character's card (decision 020). */
export const CHARACTER_PARAM = "personaje";

/** A character's card: the address a code that opens a character leads to. */
export const characterCardPath = (id: string) => `/personajes?${CHARACTER_PARAM}=${encodeURIComponent(id)}`;

/** The pages a printed code may sensibly open, as the picker names them. */
export const PICKER_PAGES: readonly Destination[] = [
  { path: "/", label: "Inicio" },
  { path: "/?book", label: "Inicio, con el libro (/?book)" },
  { path: "/el-libro", label: "El libro" },
  { path: "/personajes", label: "Personajes" },
  { path: "/capitulos", label: "Capítulos" },
  { path: "/eventos", label: "Eventos" },
  { path: "/reservation", label: "Reservar una actividad" },
  { path: "/pasaporte", label: "Pasaporte" },
  { path: "/contact", label: "Contacto" },
  { path: "/login", label: "Entrar o crear una cuenta" },
];

/**
 * Every page of the route table (app/routes.ts) without a parameter: what a path other than a
 * chapter's can open. Kept equal to the table by qr-destinations.test.ts.
 */
export const ROUTED_PAGE_PATHS: ReadonlySet<string> = new Set([
  "/",
  "/logout",
  "/privacidad",
  "/healthz",
  "/readyz",
  "/personajes",
  "/el-libro",
  "/eventos",
  "/reservation",
  "/capitulos",
  "/glosario",
  "/login",
  "/contact",
  "/recuperar-contrasena",
  "/recuperar-contrasena/nueva",
  "/cuenta-borrada",
  "/quien-lee",
  "/pasaporte",
  "/profile",
  "/robots.txt",
  "/sitemap.xml",
  "/vista-previa/sitio.png",
  "/mi-clan",
  "/section3",
  "/tu-edad",
  "/tu-perfil",
  "/tu-perfil/borrar",
  "/tu-perfil/mis-datos",
  "/tu-perfil/mis-datos/resumen",
  "/tu-perfil/permiso",
  "/familia",
  "/clase",
  "/clases",
  "/add-character",
  "/adminpanel",
  "/adminpanel/mensajes",
  "/adminpanel/estadisticas",
  "/adminpanel/comentarios",
  "/adminpanel/qr",
  "/adminpanel/qr/hoja",
  "/adminpanel/capitulos",
  "/adminpanel/imagenes",
  "/adminpanel/eventos",
  "/adminpanel/glosario",
  "/api/live",
  "/api/page-view",
  "/api/send-email.php",
  "/api/unlocks",
  "/api/lectura",
]);

/** A chapter as the studio needs it: its name and the two paths that open it. */
export type KnownChapter = { name: string; requiredUrl: string; slugPath: string };
export type KnownCharacter = { id: string; name: string };
export type KnownContent = { chapters: readonly KnownChapter[]; characters: readonly KnownCharacter[] };

/** What a scan of a code opens, were it active and in date: a name, or why it opens nothing. */
export type CodeReach = { kind: "chapter" | "character" | "page"; name: string } | { kind: "nowhere"; reason: string };

/** The reason shown for a path no route answers (a deleted chapter's old path, a typo). */
export const NOWHERE_PATH =
  "Esa ruta no abre ninguna página del sitio: quien lo escanee verá «Esta página está bloqueada o no existe».";
export const NOWHERE_CHARACTER = "Ese personaje ya no existe: quien lo escanee verá la lista de personajes sin él.";

/** The picker's choices, from the chapters (in the book's order) and the characters. */
export function destinations(known: KnownContent): Destinations {
  return {
    chapters: known.chapters.map((chapter) => ({ path: chapter.requiredUrl, label: chapter.name })),
    characters: known.characters.map((character) => ({
      path: characterCardPath(character.id),
      label: `Personaje: ${character.name}`,
    })),
    pages: [...PICKER_PAGES],
  };
}

/** Whether a path is among the picker's choices (else the picker shows it as «Otra ruta»). */
export const isOffered = (choices: Destinations, path: string) =>
  [...choices.chapters, ...choices.characters, ...choices.pages].some((choice) => choice.path === path);

/** What `target` opens on this site today, by name; or why it opens nothing. */
export function whereItLeads(target: string, known: KnownContent): CodeReach {
  let url: URL;
  try {
    url = new URL(target, "http://site.invalid");
  } catch {
    return { kind: "nowhere", reason: NOWHERE_PATH };
  }
  if (url.origin !== "http://site.invalid") return { kind: "nowhere", reason: NOWHERE_PATH };
  // The chapter route looks a chapter up by its path alone (a query does not change it).
  const path = url.pathname.replace(/(.)\/+$/, "$1");
  const chapter = known.chapters.find((item) => item.requiredUrl === path || item.slugPath === path);
  if (chapter) return { kind: "chapter", name: chapter.name };
  const offered = PICKER_PAGES.find((page) => page.path === target);
  if (path === "/personajes" && url.searchParams.has(CHARACTER_PARAM)) {
    const id = url.searchParams.get(CHARACTER_PARAM);
    const character = known.characters.find((item) => item.id === id);
    return character
      ? { kind: "character", name: `Personaje: ${character.name}` }
      : { kind: "nowhere", reason: NOWHERE_CHARACTER };
  }
  if (offered) return { kind: "page", name: offered.label };
  if (ROUTED_PAGE_PATHS.has(path)) {
    const page = PICKER_PAGES.find((item) => item.path === path);
    return { kind: "page", name: page ? `${page.label} (${target})` : target };
  }
  return { kind: "nowhere", reason: NOWHERE_PATH };
}

/**
 * What a scan does today, as the studio's badge says it: opens its destination, or answers
 * 'Expired Code' (410) for a deactivated code or one past its date, or opens nothing.
 */
export type ScanOutcome =
  | { state: "opens"; name: string }
  | { state: "expired"; expiresAt: string }
  | { state: "off" }
  | { state: "nowhere"; reason: string };

export function scanOutcome(
  code: { active: boolean; expiresAt: Date | string | null },
  reach: CodeReach,
  now = new Date(),
): ScanOutcome {
  if (!code.active) return { state: "off" };
  // The same comparison as resolveQrCode: expired from the instant itself on.
  if (code.expiresAt && new Date(code.expiresAt).getTime() <= now.getTime())
    return { state: "expired", expiresAt: new Date(code.expiresAt).toISOString() };
  if (reach.kind === "nowhere") return { state: "nowhere", reason: reach.reason };
  return { state: "opens", name: reach.name };
}
