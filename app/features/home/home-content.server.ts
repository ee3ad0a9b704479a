import { homeJsonLd } from "./home-json-ld.ts";

/**
 * Spanish copy of the home page (SPEC.md §1: tagline, map of four tiles, story intro, book
 * promo, QR explanation, reviews strip). Server-only: the loader passes what the page renders.
 */

const DESCRIPTION =
  "Acompaña a Valentina y a su xoloitzcuintle Taquito en una aventura de Día de Muertos hasta el Mictlán. Escanea los códigos QR del libro y desbloquea capítulos y personajes.";

/** The sign-up an adult is sent to from the home page; after it, they are asked who it is for. */
const ADULTS_SIGN_UP = "/login?modo=registro";

const tile = (to: string, label: string, hint: string, image: string) => ({
  to,
  label,
  hint,
  image: { src: `/images/home/${image}`, width: 300, height: 300 },
});

type HomeContentOptions = {
  siteUrl: string;
  siteName: string;
  /** The reader came from the book's QR code (/?book). */
  hasBook: boolean;
  specialChapterPath: string;
  /** SHOP_URL: the 'Tienda' tile shows only when the publisher has a shop to send readers to. */
  shopUrl: string | null;
};

/** The hero: the site's name, its tagline and the way into chapter 1. */
function heroContent(siteName: string) {
  return {
    title: siteName,
    tagline: "Una niña, un xolo y una noche para cruzar al Mictlán.",
    intro:
      "Sigue el camino de pétalos de cempasúchil, destapa el espejo de la abuela y descubre qué hay del otro lado.",
    start: { label: "Empieza a leer", to: "/salida-a-tzintzuntzan" },
    image: {
      src: "/images/home/hero.svg",
      alt: "Valentina y Taquito caminan por un sendero de pétalos de cempasúchil hacia un arco de papel picado",
      width: 1200,
      height: 500,
    },
  };
}

/** Valentina's welcome to a reader who came from the book's QR code. */
function bookWelcomeContent() {
  return {
    heading: "¡Ya tienes mi libro!",
    paragraphs: [
      "¡Hola! Soy Valentina. Si estás leyendo esto es porque escaneaste el código de mi libro. Taquito ya te olió desde lejos: hueles a páginas nuevas y a pan de muerto.",
      "Aquí puedes leer cada capítulo en línea, conocer a los personajes y encontrar secretos que no cupieron en el papel. Si ingresas con tu cuenta, guardamos todo lo que vayas desbloqueando.",
      // Said to the adult holding the book (issue 39): families and classes can join.
      "¿Eres mamá, papá o das clases? Con tu cuenta puedes añadir a tus hijas e hijos, o a toda tu clase, como lectores: cada quien con su apodo y su dibujo, sin correo ni contraseña.",
    ],
    start: { label: "Empieza por el capítulo 1", to: "/salida-a-tzintzuntzan" },
    login: { label: "Ingresar", to: "/login" },
    adults: { label: "Crear una cuenta para mi familia o mi clase", to: ADULTS_SIGN_UP },
  };
}

/** The map of the adventure: one tile per part of the site. */
function mapContent(shopUrl: string | null) {
  return {
    heading: "El mapa de la aventura",
    intro: "Elige un camino. Cada puerta te lleva a un rincón distinto del mundo de Valentina y Taquito.",
    tiles: [
      tile(
        "/personajes",
        "Personajes",
        "Conoce a Taquito, a Choc y a quienes viven del otro lado del espejo.",
        "tile-personajes.svg",
      ),
      tile("/capitulos", "Capítulos", "Lee la historia capítulo por capítulo.", "tile-capitulos.svg"),
      tile("/el-libro", "El libro", "Todo sobre el libro y quienes lo escribieron.", "tile-el-libro.svg"),
      // SPEC.md's /section1 was a placeholder that led to a 404.
      ...(shopUrl ? [tile(shopUrl, "Tienda", "Libros, separadores y otros tesoros.", "tile-tienda.svg")] : []),
    ],
  };
}

/** The story's introduction and the chapters it leads to. */
function storyContent() {
  return {
    heading: "La historia",
    paragraphs: [
      "Es 31 de octubre y Valentina viaja con su familia a Tzintzuntzan para pasar el Día de Muertos con la abuela Lupe. Con ella va Taquito, un xoloitzcuintle de orejas como hojas de maguey que siempre cree que todas las galletas son suyas.",
      "En casa de la abuela hay una ofrenda de siete escalones y un espejo antiguo tapado con un rebozo. Nadie debe destaparlo. Pero la noche del 1 de noviembre, el caminito de pétalos empieza a brillar… y se mete justo debajo del rebozo.",
      "Del otro lado los esperan un pescador que pesca luces, un alebrije parlanchín, una catrina muy elegante y Camazotz, el dios murciélago, que se está robando la luz del camino de las almas.",
    ],
    firstChapter: { label: "Lee el capítulo 1: Salida a Tzintzuntzan", to: "/salida-a-tzintzuntzan" },
    extraChapter: {
      text: "¿Te quedaste con ganas de más?",
      label: "Abre el capítulo extra para lectores con cuenta",
      to: "/section3",
    },
  };
}

/** What the book's QR codes are for, the special chapter and the adults' sign-up. */
function qrContent(specialChapterPath: string) {
  return {
    heading: "¿Para qué sirven los códigos QR del libro?",
    paragraphs: [
      "Cada capítulo del libro termina con un código QR. Pídele a una persona adulta que te ayude a escanearlo con la cámara de un teléfono o de una tableta.",
      "El código abre aquí el contenido en línea de ese capítulo: ilustraciones, pistas que no están en el papel y personajes nuevos para tu colección. ¡Mientras más capítulos leas, más secretos desbloqueas!",
    ],
    image: {
      src: "/images/home/qr.svg",
      alt: "Un teléfono escanea el código QR impreso al final de un capítulo del libro",
      width: 400,
      height: 300,
    },
    special: { text: "Ahora que terminaste el libro…", label: "abre el capítulo especial", to: specialChapterPath },
    adults: {
      text: "¿Lees con tus hijas e hijos o con tu clase? Cada quien puede tener su lector, con su apodo y sin correo:",
      label: "crea tu cuenta de familia o de clase",
      to: ADULTS_SIGN_UP,
    },
  };
}

/** The invitation to a live reading. */
function eventsContent() {
  return {
    heading: "Ven a una lectura en vivo",
    text: "Leemos en voz alta, hacemos talleres de papel picado y presentamos el libro en ferias de todo México.",
    // The calendar's upcoming events, each with its own booking link (or none, once full);
    // it says so plainly when none is upcoming (decision 024).
    reserve: { label: "Reserva tu lugar", to: "/eventos#proximos" },
    all: { label: "Ver todos los eventos", to: "/eventos" },
  };
}

/** The strip of readers' reviews. */
function reviewsContent() {
  return {
    heading: "Lo que dicen quienes ya lo leyeron",
    note: "Reseñas de ejemplo",
    pauseLabel: "Pausar reseñas",
    playLabel: "Mover reseñas",
    items: [
      { quote: "Lo leí en dos noches con linterna. ¡Taquito es mi favorito!", reader: "Sofía, 9 años" },
      { quote: "Me dio un poquito de miedo Camazotz, pero al final me cayó bien.", reader: "Mateo, 10 años" },
      { quote: "Ahora quiero hacer un alebrije como Choc para la ofrenda.", reader: "Ximena, 8 años" },
      { quote: "Lo leímos en familia y mi abuela nos contó sus propias historias.", reader: "Diego, 11 años" },
    ],
  };
}

export function homePageContent({ siteUrl, siteName, hasBook, specialChapterPath, shopUrl }: HomeContentOptions) {
  return {
    seo: {
      title: siteName,
      description: DESCRIPTION,
      jsonLd: homeJsonLd({ siteUrl, name: siteName, description: DESCRIPTION, logoPath: "/images/logo.svg" }),
    },
    hero: heroContent(siteName),
    // SPEC.md §2: the book's QR code leads to /?book, which reveals this block.
    bookWelcome: hasBook ? bookWelcomeContent() : null,
    map: mapContent(shopUrl),
    story: storyContent(),
    qr: qrContent(specialChapterPath),
    events: eventsContent(),
    reviews: reviewsContent(),
  };
}

export type HomeContent = ReturnType<typeof homePageContent>;
