/**
 * What a page or record must never show a player: a message key (`money_err_pay_password_format`), a
 * platform id (`M-DAILY-ROUNDS`, `N-PR-001`) or an amount in minor units (`24000 / 50000`, `net -17000`).
 * Used by the locale and formatter tests and by the journeys, over text as shown.
 * @module
 */

const patterns: [string, RegExp][] = [
  // Two or more lowercase words joined by underscores: a message key or an error code left untranslated.
  ['message key', /\b[a-z][a-z0-9]*(?:_[a-z0-9]+){1,}\b/g],
  // Upper-case words and digits joined by hyphens, at least two hyphens or letters then digits: an id.
  ['id', /\b[A-Z][A-Z0-9]*-[A-Z0-9]+(?:-[A-Z0-9]+)+\b|\b[A-Z]{1,4}-[A-Z]{1,4}-\d{2,}\b/g],
  // Four or more digits with no separator, not part of a word, date, time, masked number or decimal figure
  // (a year 1900–2099 standing alone is a date's): minor units.
  ['unformatted amount', /(?<![\w.,:/+•-])-?(?!(?:19|20)\d\d(?![\w.,:/-]))\d{4,}(?![\w.,:/-])/g],
]

/** Each suspicious piece of `text`, with what it looks like. */
export function rawTextFindings(text: string): { kind: string; text: string }[] {
  const found: { kind: string; text: string }[] = []
  for (const [kind, pattern] of patterns) for (const m of text.matchAll(pattern)) found.push({ kind, text: m[0] })
  return found
}
