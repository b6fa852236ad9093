/**
 * CSV cells and lines (RFC 4180), safe to open in a spreadsheet: one writer for the statements, the money reports and
 * the back office's exports (DESIGN §16 "Exports").
 */

/** A plain decimal number (`12`, `-0.50`): a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A text cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return first) gets
 * a leading apostrophe, so it shows as text (OWASP CSV injection). A plain decimal number (a negative amount such as
 * `-12.50`) is no formula and stays as it is, so the amounts stay machine-readable and exact.
 */
export function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One field quoted as RFC 4180 asks when it holds a comma, a quote or a line break (quotes doubled). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A cell's value as the exports hand it: text, a number, a switch, or nothing (an empty cell). */
export type CsvValue = string | number | bigint | boolean | null | undefined;

/** One cell: made formula-safe, then quoted when needed; `true`/`false` for switches, empty for nothing. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  return csvField(safeText(String(value)));
}

/** One line of cells, ended by CRLF. */
export function csvLine(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}
