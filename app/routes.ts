import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import type { AccessRule } from "./access/access-rules.ts";

/**
 * Who may open a route is declared here, with the route: every route sits in the layout of its
 * access rule (app/access/layouts/), whose middleware decides on the route React Router matched,
 * whatever the address's case, encoding, trailing slash or ".data" suffix. A route outside an
 * access layout fails the test that reads this table (app/access/route-access.test.ts).
 * The pages' own loaders check again where they touch data.
 */
const access = (rule: AccessRule, routes: RouteConfig) => layout(`access/layouts/${rule}.ts`, routes as never);

// The route table of SPEC.md §2.
export default [
  // Anyone, at any time, even an account that has not answered the age step yet.
  access("open-always", [
    route("logout", "routes/logout.ts"),
    route("privacidad", "routes/privacidad.tsx"),
    // A guardian's consent link (the token is the credential; no sign-in).
    route("permiso-familiar/:token", "routes/permiso-familiar.tsx"),
    // Machine endpoints the pages and the operators need meanwhile.
    route("healthz", "routes/healthz.ts"),
    route("readyz", "routes/readyz.ts"),
    route("api/live", "routes/api.live.ts"),
    route("api/page-view", "routes/api.page-view.ts"),
  ]),

  // better-auth's own endpoints: a child reader only reads their session and signs out.
  access("auth-endpoints", [route("api/auth/*", "routes/api.auth.$.ts")]),

  // Anyone: visitors and every reader.
  access("everyone", [
    index("routes/home.tsx"),
    route("personajes", "routes/personajes.tsx"),
    route("el-libro", "routes/el-libro.tsx"),
    route("eventos", "routes/eventos.tsx"),
    // SPEC.md's booking link: an event's booking form here, or the next bookable event's page
    // (decisions 024, 070).
    route("reservation", "routes/reservation.tsx"),
    // A booking's cancel link (the token is the credential; no account).
    route("reservation/cancelar/:token", "routes/reservation.cancelar.$token.tsx"),
    route("capitulos", "routes/capitulos.tsx"),
    // The book's words a reader has met in the chapters open to them (issue 44, decision 077).
    route("glosario", "routes/glosario.tsx"),
    route("qr/:code", "routes/qr.tsx"),
    route("login", "routes/login.tsx"),
    route("contact", "routes/contact.tsx"),
    route("recuperar-contrasena", "routes/recuperar-contrasena.tsx"),
    route("recuperar-contrasena/nueva", "routes/recuperar-contrasena.nueva.tsx"),
    route("cuenta-borrada", "routes/cuenta-borrada.tsx"),
    // A family's device: a child picks their picture and types their PIN.
    route("quien-lee", "routes/quien-lee.tsx"),
    // A login card (the token is the credential; contract, reused by classrooms).
    route("entrar/:token", "routes/entrar.$token.tsx"),
    // A computer without a camera: the class's code, then the student's name and picture
    // (issue 39, decision 067; the code and the picture are the credentials, no sign-in).
    route("clase", "routes/clase.tsx"),
    // A visitor is told what the passport is and why to sign in.
    route("pasaporte", "routes/pasaporte.tsx"),
    route("profile", "routes/profile.ts"),
    route("api/send-email.php", "routes/api.send-email[.]php.ts"),
    route("api/unlocks", "routes/api.unlocks.ts"),
    // Reading comfort (issue 44, decision 076): the 'Aa' form, for visitors too (a cookie), and
    // where a reader left a chapter (readers only; a visitor's is refused with a 401).
    route("api/lectura", "routes/api.lectura.ts"),
    route("robots.txt", "routes/robots[.]txt.ts"),
    route("sitemap.xml", "routes/sitemap[.]xml.ts"),
    route("media/:file", "routes/media.$file.ts"),
    // A chapter's narration and word timings, beside its address: opened by the chapter page's
    // own rule in the loader (decision 074), so a locked chapter's narration stays locked.
    route("narracion/*", "routes/narracion.$.ts"),
    // Link previews (og:image): PNG cards drawn on first request.
    route("vista-previa/sitio.png", "routes/vista-previa.sitio[.]png.ts"),
    route("vista-previa/capitulo/:file", "routes/vista-previa.capitulo.$file.ts"),
    route("vista-previa/personaje/:file", "routes/vista-previa.personaje.$file.ts"),
    // Any other path: a chapter looked up in the database by its token path or slug (the token
    // chapters ask for a sign-in there), else the 404 page (linked-but-unrouted pages like
    // /section1 land there too). One route, so neither the route manifest nor any bundle lists
    // the printed token paths.
    route("*", "routes/chapter.tsx"),
  ]),

  // Signed-in readers, children included.
  access("readers", [
    // A reader's clan on its own (a child reader has no /tu-perfil).
    route("mi-clan", "routes/mi-clan.tsx"),
    route("section3", "routes/section3.tsx"),
  ]),

  // The age step: an adult's account that has not answered 'Año de nacimiento' yet.
  access("age-question", [route("tu-edad", "routes/tu-edad.tsx")]),

  // Adults' pages: signed-in readers who are not a family's child or a class's student.
  access("adult-readers", [
    route("tu-perfil", "routes/tu-perfil.tsx"),
    route("tu-perfil/borrar", "routes/tu-perfil.borrar.ts"),
    route("tu-perfil/mis-datos", "routes/tu-perfil.mis-datos.ts"),
    route("tu-perfil/mis-datos/resumen", "routes/tu-perfil.mis-datos.resumen.tsx"),
    route("tu-perfil/permiso", "routes/tu-perfil.permiso.ts"),
    // Families (issue 22): an adult's child readers, each child's page and printable login card.
    route("familia", "routes/familia.tsx"),
    route("familia/:lector", "routes/familia.$lector.tsx"),
    route("familia/:lector/tarjeta", "routes/familia.$lector.tarjeta.tsx"),
    // Classrooms (issue 23, decision 036): any adult may keep classes; each class is its
    // teacher's alone (checked where the class is read).
    route("clases", "routes/clases.tsx"),
    route("clases/:clase", "routes/clases.$clase.tsx"),
    route("clases/:clase/tarjetas", "routes/clases.$clase.tarjetas.tsx"),
    route("clases/:clase/tablero.csv", "routes/clases.$clase.tablero[.]csv.ts"),
  ]),

  // Admins: visitors go to /login, other readers get a 403 page.
  access("admins", [
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
    route("adminpanel/capitulos/:id/narracion", "routes/adminpanel.capitulos.$id.narracion.tsx"),
    route("adminpanel/capitulos/:id/narracion/:file", "routes/adminpanel.capitulos.$id.narracion.$file.ts"),
    route("adminpanel/imagenes", "routes/adminpanel.imagenes.ts"),
    route("adminpanel/eventos", "routes/adminpanel.eventos.tsx"),
    route("adminpanel/glosario", "routes/adminpanel.glosario.tsx"),
    // One event's bookings: the list, attendance and its CSV (decision 070).
    route("adminpanel/eventos/:id", "routes/adminpanel.eventos.$id.tsx"),
    route("adminpanel/eventos/:id/reservas.csv", "routes/adminpanel.eventos.$id.reservas[.]csv.ts"),
  ]),
] satisfies RouteConfig;
