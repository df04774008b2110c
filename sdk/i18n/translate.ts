/** A flat table of message keys to texts for one language. */
export type Messages = Readonly<Record<string, string>>

/** Values substituted into `{name}` placeholders (and the spec's `(min)`/`(max)` markers). */
export type Params = Readonly<Record<string, string | number>>

/**
 * Looks a key up in `messages`, then in `fallback`, and fills `{name}` placeholders from `params`.
 * A missing key returns the key itself so a gap is visible, never an empty string.
 */
export function translate(messages: Messages, fallback: Messages, key: string, params?: Params): string {
  const text = messages[key] ?? fallback[key] ?? key
  if (!params) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
}

/**
 * Fills a registration pattern message (SPEC §5): `(min)` and `(max)` are replaced, and when min
 * equals max the range `(min) - (max)` collapses to the single number.
 */
export function fillRange(text: string, min: number, max: number): string {
  const collapsed = min === max ? text.replace(/\(min\)\s*-\s*\(max\)/g, String(min)) : text
  return collapsed.replace(/\(min\)/g, String(min)).replace(/\(max\)/g, String(max))
}
