/** schema.org structured data of the printed book, for search engines and link previews. */

export type BookFacts = {
  title: string;
  description: string;
  coverPath: string;
  authors: readonly { name: string }[];
  publisher: string;
  /** A schema.org BookFormatType name, e.g. "Hardcover". */
  format: string;
  pages: number;
  year: number;
};

export function bookJsonLd(book: BookFacts, siteUrl: string): Record<string, unknown> {
  return {
    "@type": "Book",
    name: book.title,
    description: book.description,
    url: new URL("/el-libro", siteUrl).href,
    image: new URL(book.coverPath, siteUrl).href,
    inLanguage: "es",
    author: book.authors.map((author) => ({ "@type": "Person", name: author.name })),
    publisher: { "@type": "Organization", name: book.publisher },
    bookFormat: `https://schema.org/${book.format}`,
    numberOfPages: book.pages,
    datePublished: String(book.year),
    audience: { "@type": "PeopleAudience", suggestedMinAge: 8, suggestedMaxAge: 12 },
  };
}
