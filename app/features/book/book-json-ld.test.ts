import { describe, expect, it } from "vitest";
import { bookJsonLd } from "./book-json-ld.ts";

const book = {
  title: "Un libro",
  description: "Una historia.",
  coverPath: "/images/book-cover.svg",
  authors: [{ name: "Ana" }, { name: "Luis" }],
  publisher: "Editorial Luna",
  format: "Hardcover",
  pages: 100,
  year: 2025,
};

describe("bookJsonLd", () => {
  it("describes a Spanish book with absolute image and page URLs", () => {
    const jsonLd = bookJsonLd(book, "https://ejemplo.mx");
    expect(jsonLd).toMatchObject({
      "@type": "Book",
      name: "Un libro",
      inLanguage: "es",
      image: "https://ejemplo.mx/images/book-cover.svg",
      url: "https://ejemplo.mx/el-libro",
      publisher: { "@type": "Organization", name: "Editorial Luna" },
      bookFormat: "https://schema.org/Hardcover",
    });
  });

  it("lists every author as a Person", () => {
    expect(bookJsonLd(book, "https://ejemplo.mx").author).toEqual([
      { "@type": "Person", name: "Ana" },
      { "@type": "Person", name: "Luis" },
    ]);
  });
});
