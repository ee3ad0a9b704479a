import { describe, expect, it } from "vitest";
import { qrSheetEntries, type SheetCode } from "./qr-sheet.ts";

const code = (id: string, target: string, label = ""): SheetCode => ({ code: id, label, target, guessable: false });
const chapters: Record<string, string> = {
  "/uno": "Capítulo 1: Salida a Tzintzuntzan",
  "/dos": "Capítulo 2: Casa de la abuela",
  "/diez": "Capítulo 10: El ataque de Camazotz",
  "/once": "Capítulo 11: Las batallas",
};
const chapterAt = (target: string) => chapters[target] ?? null;
const codesOf = (entries: { code: string }[]) => entries.map((entry) => entry.code);

describe("qrSheetEntries", () => {
  it("orders chapters as numbers: 1, 2, 10, 11, not 1, 10, 11, 2", () => {
    const entries = qrSheetEntries(
      [
        code("capitulo-10", "/diez"),
        code("capitulo-2", "/dos"),
        code("capitulo-11", "/once"),
        code("capitulo-1", "/uno"),
      ],
      chapterAt,
    );
    expect(codesOf(entries)).toEqual(["capitulo-1", "capitulo-2", "capitulo-10", "capitulo-11"]);
  });

  it("puts the codes that open a chapter first, in the book's order, even under a label of their own", () => {
    const entries = qrSheetEntries(
      [code("book", "/?book"), code("zz", "/once", "Al final del libro"), code("aa", "/uno"), code("cartel", "/", "A")],
      chapterAt,
    );
    expect(codesOf(entries)).toEqual(["aa", "zz", "cartel", "book"]);
  });

  it("prints the admin's label, else the chapter the code opens, else where it leads; never the code", () => {
    const entries = qrSheetEntries(
      [code("x7k2", "/eventos?taquito", "Cartel de la feria"), code("capitulo-10", "/diez"), code("book", "/?book")],
      chapterAt,
    );
    expect(Object.fromEntries(entries.map((entry) => [entry.code, entry.title]))).toEqual({
      x7k2: "Cartel de la feria",
      "capitulo-10": "Capítulo 10: El ataque de Camazotz",
      book: "Lleva a /?book",
    });
  });

  it("sorts codes with the same words by the code, naturally", () => {
    const entries = qrSheetEntries([code("cartel-10", "/a", "Cartel"), code("cartel-9", "/b", "Cartel")], chapterAt);
    expect(codesOf(entries)).toEqual(["cartel-9", "cartel-10"]);
  });
});
