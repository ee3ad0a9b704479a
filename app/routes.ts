import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { CHAPTER_PATHS } from "./features/chapters/chapter-paths.ts";

// The route table of SPEC.md §2. Who may open each page is checked in its loader.
export default [
  index("routes/home.tsx"),
  route("personajes", "routes/personajes.tsx"),
  route("el-libro", "routes/el-libro.tsx"),
  route("eventos", "routes/eventos.tsx"),
  route("capitulos", "routes/capitulos.tsx"),
  route("qr/:code", "routes/qr.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("contact", "routes/contact.tsx"),

  // Signed-in readers.
  route("tu-perfil", "routes/tu-perfil.tsx"),
  route("profile", "routes/profile.ts"),
  route("section3", "routes/section3.tsx"),

  // Admins (checked on the server: readers get a 403 page).
  route("add-character", "routes/add-character.tsx"),
  route("adminpanel", "routes/adminpanel.tsx"),
  route("adminpanel/mensajes", "routes/adminpanel.mensajes.tsx"),
  route("adminpanel/estadisticas", "routes/adminpanel.estadisticas.tsx"),

  // Chapter pages: every printed token path, and the slug path of first-layout chapters.
  ...CHAPTER_PATHS.flatMap((chapter) => [
    route(chapter.token, "routes/chapter.tsx", { id: `chapter/${chapter.id}` }),
    ...(chapter.slugRoute ? [route(chapter.slug, "routes/chapter.tsx", { id: `chapter-slug/${chapter.id}` })] : []),
  ]),

  // Machine endpoints.
  route("healthz", "routes/healthz.ts"),
  route("api/live", "routes/api.live.ts"),
  route("api/auth/*", "routes/api.auth.$.ts"),
  route("api/send-email.php", "routes/api.send-email[.]php.ts"),
  route("api/page-view", "routes/api.page-view.ts"),
  route("api/unlocks", "routes/api.unlocks.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),

  // Any other path: the 404 page (linked-but-unrouted pages like /section1 land here too).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
