/**
 * CSV files of the agent centre's reports: the platform builds them from the same rows the page
 * shows, so an export matches its table.
 * @module
 */

export { decimal } from '../decimal.ts'

/**
 * One CSV field: quoted when it holds a comma, quote or line break; text a spreadsheet would run as a
 * formula (`=`, `+`, `@`, a tab) gets a leading apostrophe. Numbers pass as they are.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value)
  const safe = /^[=+@\t\r]/.test(value) || (/^-/.test(value) && !/^-\d+(\.\d+)?$/.test(value)) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** A CSV file (CRLF lines, header first) with its name and data row count. */
export function csvFile(filename: string, header: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  const lines = [header.join(','), ...rows.map((r) => r.map(csvField).join(','))]
  return { filename, csv: `${lines.join('\r\n')}\r\n`, rows: rows.length }
}
