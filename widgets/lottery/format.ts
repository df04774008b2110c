/** `m:ss` (or `h:mm:ss` from an hour) of a countdown in seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const rest = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`
}

/** Long week-day names of the SPEC's days 1–7 (Sunday 1) in a language. */
export function weekDayNames(language: string): string[] {
  const fmt = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' })
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(Date.UTC(2023, 0, 1 + i))))
}
