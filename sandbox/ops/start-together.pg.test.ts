import { afterAll, beforeAll, expect, it } from 'vitest'
import { startPostgres, startSandbox } from '../testing.ts'

// Two instances started at the same moment on one fresh PostgreSQL database (compose's two app
// containers): migrations and the first seed run under an advisory lock, so both start and the
// database is seeded once.
let pg: Awaited<ReturnType<typeof startPostgres>>
beforeAll(async () => {
  pg = await startPostgres()
})
afterAll(async () => pg?.stop())

it('two sandboxes starting together on one fresh database both start, on one seed', async () => {
  const started = await Promise.allSettled([startSandbox({ databaseUrl: pg.url }), startSandbox({ databaseUrl: pg.url })])
  try {
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started'])
    const [a, b] = started.map((s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof startSandbox>>>).value)
    for (const sb of [a, b]) expect((await (await fetch(`${sb.url}/readyz`)).json()).status).toBe('ready')
    const [{ n }] = await a.db.query<{ n: number }>("SELECT count(*)::int AS n FROM members WHERE username = 'demo01'")
    expect(n).toBe(1)
  } finally {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)))
  }
})
