/**
 * A countdown in seconds: `m:ss`, `h:mm:ss` from an hour, and from a day the days first with the
 * page's word for them (`6 d 04:09:48`: "148:09:48" read as a clock), `days` being the
 * text of `{days}` days (`lottery_days`).
 */
export function clock(seconds: number, days: (n: number) => string = (n) => `${n} d`): string {
  const s = Math.max(0, Math.floor(seconds))
  const d = Math.floor(s / 86400)
  const h = Math.floor((s % 86400) / 3600)
  const m = Math.floor((s % 3600) / 60)
  const rest = String(s % 60).padStart(2, '0')
  if (d > 0) return `${days(d)} ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${rest}`
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`
}

/** Long week-day names of the SPEC's days 1–7 (Sunday 1) in a language. */
export function weekDayNames(language: string): string[] {
  const fmt = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' })
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(Date.UTC(2023, 0, 1 + i))))
}
