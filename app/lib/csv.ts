/**
 * The site's CSV files (the statistics' figures, a class's board): RFC 4180 (comma-separated,
 * CRLF, a field quoted when it holds a quote, a comma, a semicolon or a line break, its quotes
 * doubled), UTF-8 with a byte-order mark so spreadsheet programs read the accents.
 *
 * No cell is ever read as a formula: a spreadsheet runs a cell that starts with = + - @ (tab and
 * carriage return too, in some), and a reader's text can reach these files (an apodo, a page's
 * path, an admin's chapter title). Such a cell gets a leading apostrophe, which spreadsheets show
 * as text and do not run (OWASP "CSV injection"). A plain number (-3, +4.5) is left as it is:
 * it is not a formula, and stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;
const NEEDS_QUOTES = /[",;\r\n]/;

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The whole file: its rows, the first usually the column names. A semicolon separates the
 * fields of the variant for spreadsheets set to Spanish (and other languages whose decimal
 * mark is the comma), which split a plain CSV's lines on semicolons only.
 */
export function csvFile(rows: readonly (readonly string[])[], separator: "," | ";" = ","): string {
  return "\uFEFF" + rows.map((row) => row.map(csvCell).join(separator)).join("\r\n") + "\r\n";
}
