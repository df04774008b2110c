import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { contentDateMistakes, instantOf, parseContentDate, scheduleAttrs, scheduleScript, scheduleScriptOf, wallText } from './schedule.ts'

describe('content dates are strict', () => {
  it('reads a date alone and a date with a time, in ISO order only', () => {
    expect(parseContentDate('2026-12-06')).toEqual({ year: 2026, month: 12, day: 6 })
    expect(parseContentDate('2026-12-06 10:00')).toEqual({ year: 2026, month: 12, day: 6, hour: 10, minute: 0 })
    expect(wallText(parseContentDate('2026-12-06T09:05') as never)).toBe('2026-12-06T09:05')
  })

  it('refuses impossible and ambiguous dates instead of moving them to another day', () => {
    expect(parseContentDate('2026-12-32')).toBe('there is no day 32 in 2026-12')
    expect(parseContentDate('2026-02-29')).toBe('there is no day 29 in 2026-02')
    expect(parseContentDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 })
    expect(parseContentDate('2026-13-01')).toBe('there is no month 13 in "2026-13-01"')
    expect(parseContentDate('06/12/2026')).toMatch(/is not a date in ISO form: write 2026-12-06 or 2026-12-06 10:00/)
    expect(parseContentDate('2026-12-06 24:00')).toMatch(/not a time of day/)
    expect(parseContentDate('2026-12-06T10:00:00Z')).toMatch(/is not a date in ISO form/)
  })

  it('places a wall time in the brand zone, across a daylight-saving change too', () => {
    expect(instantOf({ year: 2026, month: 12, day: 6, hour: 10, minute: 0 }, 'Asia/Manila')).toBe(Date.UTC(2026, 11, 6, 2, 0))
    // A date alone as an end means the whole day: the next midnight.
    expect(instantOf({ year: 2026, month: 12, day: 6 }, 'Asia/Manila', true)).toBe(Date.UTC(2026, 11, 6, 16, 0))
    // Madrid: UTC+01:00 in winter, UTC+02:00 from the last Sunday of March.
    expect(instantOf({ year: 2026, month: 3, day: 28, hour: 12, minute: 0 }, 'Europe/Madrid')).toBe(Date.UTC(2026, 2, 28, 11, 0))
    expect(instantOf({ year: 2026, month: 3, day: 30, hour: 12, minute: 0 }, 'Europe/Madrid')).toBe(Date.UTC(2026, 2, 30, 10, 0))
  })

  it('marks what the build saw: a running entry shown, a scheduled one hidden and off', () => {
    expect(scheduleAttrs(100, 200, 150)).toEqual({ 'data-lk-from': '100', 'data-lk-until': '200', hidden: false, 'data-lk-off': undefined })
    expect(scheduleAttrs(100, undefined, 50)).toMatchObject({ hidden: true, 'data-lk-off': '' })
  })
})

describe('the build reads the dates as the editor wrote them', () => {
  const root = mkdtempSync(join(tmpdir(), 'lk-content-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const write = (path: string, front: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), `---\ntitle: "X"\n${front}\n---\n\nBody with starts: 06/12/2026 in the text.\n`)
  }

  it('names each file and field with a mistake, and nothing for good dates', () => {
    write('help/en/a.md', 'order: 1\nupdated: 2026-12-32')
    write('promotions/en/b.md', 'starts: 06/12/2026\nends: "2026-12-31"')
    write('promotions/es/c.md', "starts: '2026-12-06 10:00'\nends: 2026-12-31")
    write('downloads/en/d.md', 'updated: whenever')
    const mistakes = contentDateMistakes(root).map((line) => line.slice(line.indexOf(root.split('/').pop() as string)))
    expect(mistakes).toHaveLength(2)
    expect(mistakes[0]).toMatch(/help\/en\/a\.md: updated: there is no day 32 in 2026-12$/)
    expect(mistakes[1]).toMatch(/promotions\/en\/b\.md: starts: "06\/12\/2026" is not a date in ISO form/)
  })

  it('finds nothing wrong in the shipped content', () => {
    expect(contentDateMistakes('site/content')).toEqual([])
  })
})

describe("the editors' preview sees a page as of a chosen moment", () => {
  /** Runs a schedule script on a page holding one promotion from 10:00 on 7 December in Manila (02:00 UTC). */
  function run(script: string, search: string) {
    const promo = { hidden: false, attrs: new Map([['data-lk-from', String(Date.UTC(2026, 11, 7, 2))]]) }
    const el = {
      getAttribute: (n: string) => promo.attrs.get(n) ?? null,
      hasAttribute: (n: string) => promo.attrs.has(n),
      setAttribute: (n: string, v: string) => promo.attrs.set(n, v),
      removeAttribute: (n: string) => promo.attrs.delete(n),
      set hidden(v: boolean) {
        promo.hidden = v
      },
    }
    const root = new Map<string, string>()
    const document = {
      querySelectorAll: (selector: string) => (selector === '[data-lk-from]' ? [el] : []),
      documentElement: { setAttribute: (n: string, v: string) => root.set(n, v) },
    }
    const timers: number[] = []
    new Function('document', 'location', 'setTimeout', script)(document, { search }, (_: unknown, ms: number) => timers.push(ms))
    return { shown: !promo.hidden, asOf: root.get('data-lk-as-of'), timers }
  }
  // The dev server's page is opened on 6 December, the day before.
  const today = Date.UTC(2026, 11, 6, 3)

  it('shows a promotion starting tomorrow 10:00 as of tomorrow 10:00 in the brand zone, not a minute before', () => {
    const now = Date.now
    Date.now = () => today
    try {
      const dev = scheduleScriptOf({ asOfZone: 'Asia/Manila' })
      expect(run(dev, '')).toMatchObject({ shown: false, asOf: undefined })
      expect(run(dev, '?asOf=2026-12-07T09:59')).toMatchObject({ shown: false, asOf: '2026-12-07T09:59', timers: [] })
      expect(run(dev, '?asOf=2026-12-07T10:00')).toMatchObject({ shown: true, asOf: '2026-12-07T10:00' })
      expect(run(dev, '?asOf=2026-12-32T10:00')).toMatchObject({ shown: false, asOf: undefined })
      // The built pages ignore it: a visitor cannot move the site's clock.
      expect(run(scheduleScript, '?asOf=2026-12-07T10:00')).toMatchObject({ shown: false, asOf: undefined })
    } finally {
      Date.now = now
    }
  })
})
