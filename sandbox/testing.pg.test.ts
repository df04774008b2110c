import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox, startTemplateCluster, templateClusterEnv } from './testing.ts'

// The tests' sandboxes on PostgreSQL (tests/template-setup.ts): each is a copy of the seeded template
// database, independent of the others, and gone when it closes. The run's shared cluster is used
// when it has one; else this file starts its own (and leaves the environment as it found it).
const shared = process.env[templateClusterEnv]
let cluster: { url: string; stop(): Promise<void> }
beforeAll(async () => {
  cluster = shared ? { url: shared, stop: async () => {} } : await startTemplateCluster()
  process.env[templateClusterEnv] = cluster.url
})
afterAll(async () => {
  if (!shared) delete process.env[templateClusterEnv]
  await cluster?.stop()
})

it('each sandbox runs on its own seeded copy of the template database, dropped when it closes', async () => {
  const [a, b] = await Promise.all([startSandbox(), startSandbox()])
  try {
    expect(a.db.kind).toBe('postgres')
    expect(a.copyName).toMatch(/^sb_/)
    expect(b.copyName).not.toBe(a.copyName)
    const status = (url: string) => fetch(`${url}/wps/system/status`).then((r) => r.json() as Promise<{ code: string }>)
    expect((await status(a.url)).code).toBe('ok')
    // Seeded: the demo member is there in both copies.
    const members = 'SELECT count(*)::int AS n FROM members WHERE username = $1'
    expect((await a.db.query<{ n: number }>(members, ['demo01']))[0].n).toBe(1)
    expect((await b.db.query<{ n: number }>(members, ['demo01']))[0].n).toBe(1)
    // Independent: a change in one copy is not in the other.
    await a.db.query('DELETE FROM settings WHERE key = $1', ['brand'])
    expect((await a.db.query<{ n: number }>("SELECT count(*)::int AS n FROM settings WHERE key = 'brand'"))[0].n).toBe(0)
    expect((await b.db.query<{ n: number }>("SELECT count(*)::int AS n FROM settings WHERE key = 'brand'"))[0].n).toBe(1)
  } finally {
    await Promise.all([a.close(), b.close()])
  }
  const pg = (await import('pg')).default
  const client = new pg.Client({ connectionString: cluster.url })
  await client.connect()
  const left = await client.query('SELECT datname FROM pg_database WHERE datname = ANY($1)', [[a.copyName, b.copyName]])
  await client.end()
  expect(left.rows).toEqual([])
})
