import { describe, expect, it } from "vitest";
import { csvCell, csvFile } from "./csv.ts";

describe("a CSV cell", () => {
  it("is left as it is when nothing in it needs quoting", () => {
    expect(csvCell("Casa de la abuela")).toBe("Casa de la abuela");
    expect(csvCell("<5")).toBe("<5");
    expect(csvCell("")).toBe("");
  });

  it("is quoted, its quotes doubled, when it holds a quote, comma, semicolon or line break", () => {
    expect(csvCell('dijo "hola"')).toBe('"dijo ""hola"""');
    expect(csvCell("uno, dos")).toBe('"uno, dos"');
    expect(csvCell("uno; dos")).toBe('"uno; dos"');
    expect(csvCell("uno\r\ndos")).toBe('"uno\r\ndos"');
  });

  it("never starts with what a spreadsheet runs as a formula: = + - @ tab or carriage return", () => {
    expect(csvCell('=HYPERLINK("https://malo.example","clic")')).toBe(
      `"'=HYPERLINK(""https://malo.example"",""clic"")"`,
    );
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+SUM(A1:A9)")).toBe("'+SUM(A1:A9)");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe(`"'\r=1"`);
    // Inside the text they run nothing.
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("leaves a plain number a number, its sign included", () => {
    expect(csvCell("-3")).toBe("-3");
    expect(csvCell("+4.5")).toBe("+4.5");
    expect(csvCell("12")).toBe("12");
  });
});

describe("a CSV file", () => {
  it("is UTF-8 with a byte-order mark, comma-separated, CRLF after every row", () => {
    expect(
      csvFile([
        ["Apodo", "Capítulos"],
        ["Colibrí Veloz", "2"],
      ]),
    ).toBe("\uFEFFApodo,Capítulos\r\nColibrí Veloz,2\r\n");
  });
});
