import { canonicalPath } from "../../lib/site-paths.ts";

/** The navbar's sections, in order. Spanish labels are what readers see. */
export const NAV_LINKS = [
  { to: "/", label: "Inicio", section: "inicio" },
  { to: "/personajes", label: "Personajes", section: "personajes" },
  { to: "/capitulos", label: "Capítulos", section: "capitulos" },
  { to: "/el-libro", label: "Sobre el libro", section: "el-libro" },
  { to: "/eventos", label: "Eventos", section: "eventos" },
] as const;

export type Section =
  | "inicio"
  | "personajes"
  | "capitulos"
  | "el-libro"
  | "eventos"
  | "perfil"
  | "pasaporte"
  | "login"
  | "contacto"
  | "admin"
  | "capitulo"
  | "otro";

const FIXED: Record<string, Section> = {
  "/": "inicio",
  "/personajes": "personajes",
  "/capitulos": "capitulos",
  "/el-libro": "el-libro",
  "/eventos": "eventos",
  // Both readings of SPEC.md: the map knows /profile, the link goes to /tu-perfil.
  "/tu-perfil": "perfil",
  "/profile": "perfil",
  "/pasaporte": "pasaporte",
  "/login": "login",
  "/contact": "contacto",
  "/add-character": "admin",
  "/adminpanel": "admin",
};

/**
 * The section a path belongs to, for the highlighted navbar link and the body class.
 * `isChapterPage`: the path opened a chapter (chapters are looked up in the database, so only
 * the route that found one knows).
 */
export function sectionOf(pathname: string, isChapterPage = false): Section {
  const path = canonicalPath(pathname);
  const fixed = FIXED[path];
  if (fixed) return fixed;
  if (path.startsWith("/adminpanel/")) return "admin";
  if (isChapterPage || path === "/section3") return "capitulo";
  return "otro";
}

/** Which navbar link is highlighted: chapter pages belong to Capítulos. */
export function activeNavSection(section: Section): Section {
  return section === "capitulo" ? "capitulos" : section;
}
