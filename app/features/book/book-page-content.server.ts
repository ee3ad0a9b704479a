import { BOOK_AUTHORS, BOOK_COVER, BOOK_EDITION, BOOK_PUBLISHER, BOOK_TITLE, buyLink } from "./book-facts.server.ts";
import { bookJsonLd } from "./book-json-ld.ts";

/** Spanish copy of /el-libro. The about text is placeholder (SPEC.md: placeholder lorem text). */

const DESCRIPTION =
  "Conoce «Valentina y Taquito en el Mictlán»: una novela ilustrada para lectores de 8 a 12 años sobre una niña, su xoloitzcuintle y una noche de Día de Muertos.";

export function bookPageContent(siteUrl: string, bookUrl?: string | null) {
  return {
    seo: {
      title: "Sobre el libro",
      description: DESCRIPTION,
      jsonLd: bookJsonLd(
        {
          title: BOOK_TITLE,
          description: DESCRIPTION,
          coverPath: BOOK_COVER.src,
          authors: BOOK_AUTHORS,
          publisher: BOOK_PUBLISHER.name,
          format: BOOK_EDITION.format,
          pages: BOOK_EDITION.pages,
          year: BOOK_PUBLISHER.year,
        },
        siteUrl,
      ),
    },
    title: BOOK_TITLE,
    kicker: "Sobre el libro",
    summary:
      "Una niña, un perro sin pelo y un espejo que nadie debía destapar. Una aventura para leer con linterna, entre pan de muerto y flores de cempasúchil.",
    byline: `Texto de ${BOOK_AUTHORS[0].name} · Ilustraciones de ${BOOK_AUTHORS[1].name}`,
    cover: BOOK_COVER,
    buy: buyLink(bookUrl),
    firstChapter: { label: "Lee gratis el primer capítulo", to: "/salida-a-tzintzuntzan" },
    about: {
      heading: "De qué trata",
      paragraphs: [
        "Lorem ipsum de cempasúchil: texto de ejemplo mientras llega la reseña definitiva. Valentina viaja con su familia a Tzintzuntzan para pasar el Día de Muertos en casa de la abuela Lupe. Taquito, su xoloitzcuintle, olfatea cada rincón como si buscara algo que sólo él puede oler.",
        "Dolor sit ofrenda, consectetur papel picado. En la casa hay un espejo antiguo cubierto con un rebozo, y la abuela repite que nadie debe destaparlo. Pero la noche del 1 de noviembre el camino de pétalos brilla, se mete debajo del rebozo… y Valentina decide seguirlo.",
        "Sed do copal tempor, ut labore et veladoras. Del otro lado esperan un pescador purépecha que pesca luces, un alebrije que nunca había visto a alguien vivo, una catrina muy elegante y Camazotz, el dios murciélago, que tiene hambre de luz. Para volver a casa, Valentina y Taquito tendrán que bajar los nueve niveles del Mictlán.",
      ],
    },
    inside: {
      heading: "Lo que encontrarás dentro",
      items: [
        "Catorce capítulos cortos, ideales para leer uno cada noche.",
        "Ilustraciones a color en cada capítulo.",
        "Un código QR al final de cada capítulo que abre contenido en este sitio: personajes, imágenes y un capítulo especial.",
        "Un glosario de palabras purépechas y nahuas para aprender jugando.",
      ],
    },
    edition: {
      heading: "Datos de la edición",
      rows: [
        { label: "Título", value: BOOK_TITLE },
        { label: "Autores", value: BOOK_AUTHORS.map((author) => author.name).join(" y ") },
        { label: "Editorial", value: `${BOOK_PUBLISHER.name}, en coedición con ${BOOK_PUBLISHER.coPublisher}` },
        { label: "Lugar y año", value: `${BOOK_PUBLISHER.city}, ${BOOK_PUBLISHER.year}` },
        { label: "Formato", value: BOOK_EDITION.formatLabel },
        { label: "Páginas", value: String(BOOK_EDITION.pages) },
        { label: "Capítulos", value: String(BOOK_EDITION.chapters) },
        { label: "Edad recomendada", value: BOOK_EDITION.readerAge },
        { label: "Idioma", value: BOOK_EDITION.language },
      ],
    },
    publisher: {
      heading: "La editorial",
      paragraphs: [
        `${BOOK_PUBLISHER.name} publica libros infantiles desde ${BOOK_PUBLISHER.city}, con historias que nacen de las tradiciones de México. Esta edición se hizo junto con ${BOOK_PUBLISHER.coPublisher}, una casa editorial dedicada a los cuentos del Día de Muertos.`,
        "Texto de ejemplo: aquí irá la información de distribución, librerías y contacto para escuelas y bibliotecas.",
      ],
      logos: [
        { src: "/images/publishers/editorial-luna.svg", alt: BOOK_PUBLISHER.name, width: 120, height: 45 },
        { src: "/images/publishers/ediciones-ofrenda.svg", alt: BOOK_PUBLISHER.coPublisher, width: 120, height: 45 },
      ],
    },
  };
}

export type BookPageContent = ReturnType<typeof bookPageContent>;
