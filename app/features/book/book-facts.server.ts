import type { AuthorsContent, BookPromoContent, PictureContent } from "./book-types.ts";

/**
 * The printed book's facts and its Spanish copy, in one place for every page that shows the
 * book (home, /el-libro, /eventos). Server-only: loaders pass what a page renders, so the
 * text is not shipped again inside the JavaScript.
 */

export const BOOK_TITLE = "Valentina y Taquito en el Mictlán";
/**
 * The buy button, when the publisher has set where the book is sold (BOOK_URL). SPEC.md's
 * /section2 was a placeholder that led to a 404; without an address there is no button.
 */
export const buyLink = (bookUrl: string | null | undefined) =>
  bookUrl ? { label: "Comprar el libro", to: bookUrl } : null;

export const BOOK_COVER: PictureContent = {
  src: "/images/book-cover.svg",
  alt: `Portada de «${BOOK_TITLE}»: Valentina y su perro Taquito cruzan un puente de flores de cempasúchil bajo la luna`,
  width: 300,
  height: 400,
};

export const BOOK_AUTHORS = [
  {
    name: "Regina Huerta Salgado",
    role: "Autora",
    bio: "Creció en Pátzcuaro escuchando las historias que su abuela contaba junto a la ofrenda. Fue maestra de primaria durante quince años y todavía lleva un cuaderno en la bolsa para apuntar lo que dicen los niños.",
    portrait: {
      src: "/images/authors/autora.svg",
      alt: "Retrato ilustrado de Regina Huerta Salgado con un ramo de cempasúchil",
      width: 300,
      height: 300,
    },
  },
  {
    name: "Tomás Quiroga Villaseñor",
    role: "Autor e ilustrador",
    bio: "Dibuja alebrijes desde que tenía siete años. Vive en Morelia con dos xoloitzcuintles que, según él, le dictaron la mitad de las travesuras de Taquito.",
    portrait: {
      src: "/images/authors/autor.svg",
      alt: "Retrato ilustrado de Tomás Quiroga Villaseñor con su libreta de dibujo",
      width: 300,
      height: 300,
    },
  },
] as const satisfies AuthorsContent["authors"];

export const BOOK_PUBLISHER = {
  name: "Editorial Luna",
  coPublisher: "Ediciones Ofrenda",
  city: "Morelia, Michoacán",
  year: 2025,
};

/** Edition details shown on /el-libro and in its Book structured data. */
export const BOOK_EDITION = {
  /** schema.org BookFormatType. */
  format: "Hardcover",
  formatLabel: "Pasta dura, con ilustraciones a color",
  pages: 184,
  chapters: 14,
  readerAge: "De 8 a 12 años",
  language: "Español",
};

export function bookPromo(bookUrl: string | null | undefined): BookPromoContent {
  return {
    heading: "¡Llévate el libro a casa!",
    paragraphs: [
      `«${BOOK_TITLE}» tiene catorce capítulos, ilustraciones a todo color y un código QR al final de cada capítulo para seguir la aventura en este sitio.`,
      "Es perfecto para leer solo, en familia o en voz alta antes de dormir… con una vela encendida, si te atreves.",
    ],
    cover: BOOK_COVER,
    buy: buyLink(bookUrl),
  };
}

export function bookAuthors(): AuthorsContent {
  return {
    heading: "Quienes escribieron esta historia",
    intro:
      "Detrás de cada página hay dos personas que aman el Día de Muertos, los perros y los cuentos contados en voz baja.",
    authors: [...BOOK_AUTHORS],
  };
}
