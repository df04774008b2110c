/**
 * When a chat message or a feedback was written, in the viewer's time: `HH:mm` in the conversation,
 * `yyyy-MM-dd HH:mm` (the platform's record style) in the feedback list. Not `sdk/dates/index.ts`:
 * with the chat and the feedback importing it, that module is shared by enough islands to join the
 * chunk every page loads first (astro.config's core group, 8 entries), some 300 bytes over the /rng budget.
 * @module
 */
const two = (n: number) => String(n).padStart(2, '0')

/** `HH:mm` of an instant in the viewer's zone. */
export const clockOf = (ms: number): string => {
  const d = new Date(ms)
  return `${two(d.getHours())}:${two(d.getMinutes())}`
}

/** `yyyy-MM-dd HH:mm` of an instant in the viewer's zone. */
export const stampOf = (ms: number): string => {
  const d = new Date(ms)
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${clockOf(ms)}`
}
