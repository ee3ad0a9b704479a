import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The route table of SPEC.md §2. Who may open each page is checked in its loader.
export default [
  index("routes/home.tsx"),
  route("personajes", "routes/personajes.tsx"),
  route("el-libro", "routes/el-libro.tsx"),
  route("eventos", "routes/eventos.tsx"),
  // SPEC.md's booking link: the next bookable event's booking page (decision 024).
  route("reservation", "routes/reservation.ts"),
  route("capitulos", "routes/capitulos.tsx"),
  route("qr/:code", "routes/qr.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("contact", "routes/contact.tsx"),
  route("privacidad", "routes/privacidad.tsx"),
  route("recuperar-contrasena", "routes/recuperar-contrasena.tsx"),
  route("recuperar-contrasena/nueva", "routes/recuperar-contrasena.nueva.tsx"),
  route("cuenta-borrada", "routes/cuenta-borrada.tsx"),
  // A guardian's consent link (the token is the credential; no sign-in).
  route("permiso-familiar/:token", "routes/permiso-familiar.tsx"),

  // Signed-in readers.
  route("tu-perfil", "routes/tu-perfil.tsx"),
  route("tu-perfil/borrar", "routes/tu-perfil.borrar.ts"),
  route("tu-perfil/mis-datos", "routes/tu-perfil.mis-datos.ts"),
  route("tu-perfil/mis-datos/resumen", "routes/tu-perfil.mis-datos.resumen.tsx"),
  route("tu-perfil/permiso", "routes/tu-perfil.permiso.ts"),
  route("tu-edad", "routes/tu-edad.tsx"),
  // Families (issue 22): an adult's child readers, each child's page and printable login card.
  route("familia", "routes/familia.tsx"),
  route("familia/:lector", "routes/familia.$lector.tsx"),
  route("familia/:lector/tarjeta", "routes/familia.$lector.tarjeta.tsx"),
  // Classrooms (issue 23, decision 036): a teacher's classes, card sheet, board as CSV.
  route("clases", "routes/clases.tsx"),
  route("clases/:clase", "routes/clases.$clase.tsx"),
  route("clases/:clase/tarjetas", "routes/clases.$clase.tarjetas.tsx"),
  route("clases/:clase/tablero.csv", "routes/clases.$clase.tablero[.]csv.ts"),
  // A family's device: a child picks their picture and types their PIN.
  route("quien-lee", "routes/quien-lee.tsx"),
  // A reader's clan on its own (a child reader has no /tu-perfil).
  route("mi-clan", "routes/mi-clan.tsx"),
  // A login card (the token is the credential; contract, reused by classrooms).
  route("entrar/:token", "routes/entrar.$token.tsx"),
  // Open to all: a visitor is told what the passport is and why to sign in.
  route("pasaporte", "routes/pasaporte.tsx"),
  route("profile", "routes/profile.ts"),
  route("section3", "routes/section3.tsx"),

  // Admins (checked on the server: readers get a 403 page).
  route("add-character", "routes/add-character.tsx"),
  route("adminpanel", "routes/adminpanel.tsx"),
  route("adminpanel/mensajes", "routes/adminpanel.mensajes.tsx"),
  route("adminpanel/estadisticas", "routes/adminpanel.estadisticas.tsx"),
  route("adminpanel/estadisticas/:file", "routes/adminpanel.estadisticas.$file.ts"),
  route("adminpanel/comentarios", "routes/adminpanel.comentarios.tsx"),
  route("adminpanel/qr", "routes/adminpanel.qr.tsx"),
  route("adminpanel/qr/hoja", "routes/adminpanel.qr.hoja.tsx"),
  route("adminpanel/qr/:file", "routes/adminpanel.qr.$file.ts"),
  route("adminpanel/capitulos", "routes/adminpanel.capitulos.tsx"),
  route("adminpanel/capitulos/:id", "routes/adminpanel.capitulos.$id.tsx"),
  route("adminpanel/imagenes", "routes/adminpanel.imagenes.ts"),
  route("adminpanel/eventos", "routes/adminpanel.eventos.tsx"),

  // Machine endpoints.
  route("healthz", "routes/healthz.ts"),
  route("readyz", "routes/readyz.ts"),
  route("api/live", "routes/api.live.ts"),
  route("api/auth/*", "routes/api.auth.$.ts"),
  route("api/send-email.php", "routes/api.send-email[.]php.ts"),
  route("api/page-view", "routes/api.page-view.ts"),
  route("api/unlocks", "routes/api.unlocks.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("media/:file", "routes/media.$file.ts"),
  // Link previews (og:image): PNG cards drawn on first request.
  route("vista-previa/sitio.png", "routes/vista-previa.sitio[.]png.ts"),
  route("vista-previa/capitulo/:file", "routes/vista-previa.capitulo.$file.ts"),
  route("vista-previa/personaje/:file", "routes/vista-previa.personaje.$file.ts"),

  // Any other path: a chapter looked up in the database by its token path or slug, else the
  // 404 page (linked-but-unrouted pages like /section1 land there too). One route, so neither
  // the route manifest nor any bundle lists the printed token paths.
  route("*", "routes/chapter.tsx"),
] satisfies RouteConfig;
