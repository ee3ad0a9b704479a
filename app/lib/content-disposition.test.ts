import { describe, expect, it } from "vitest";
import { asciiFileName, attachmentDisposition } from "./content-disposition.ts";

describe("a download's file name", () => {
  it("keeps its letters whole in ASCII: accents dropped, never split into 'Jua-rez'", () => {
    expect(asciiFileName("tablero-4.º B, Escuela Benito Juárez-2026-03-12.csv")).toBe(
      "tablero-4.o-B-Escuela-Benito-Juarez-2026-03-12.csv",
    );
    expect(asciiFileName("tablero-Año ñandú.csv")).toBe("tablero-Ano-nandu.csv");
    expect(asciiFileName("¿?.csv")).toBe("csv");
    expect(asciiFileName("")).toBe("descarga");
  });

  it("is sent as written in filename* (RFC 5987, UTF-8) beside the ASCII filename", () => {
    const header = attachmentDisposition("tablero-4.º B Juárez (tarde)*.csv");
    expect(header).toBe(
      `attachment; filename="tablero-4.o-B-Juarez-tarde.csv"; filename*=UTF-8''tablero-4.%C2%BA%20B%20Ju%C3%A1rez%20%28tarde%29-.csv`,
    );
    // What a browser reads back from filename*: the name as the teacher wrote it.
    const encoded = header.split("filename*=UTF-8''")[1]!;
    expect(decodeURIComponent(encoded)).toBe("tablero-4.º B Juárez (tarde)-.csv");
  });

  it("never carries a quote, a path or a control character", () => {
    const header = attachmentDisposition('a"b/c\\d\r\ne.csv');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split(";")[1]).toBe(' filename="a-b-c-d-e.csv"');
    expect(decodeURIComponent(header.split("''")[1]!)).toBe("a-b-c-d-e.csv");
  });
});
