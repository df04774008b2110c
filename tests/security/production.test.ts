import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../sandbox/db/index.ts'
import { demoPasswordsInUse } from '../../sandbox/seed/accounts.ts'
import { prepareForStart } from '../../sandbox/seed/index.ts'
import { startSandbox, throwawayDatabase, type Sandbox } from '../../sandbox/testing.ts'

// Production mode creates no demo account unless --seed-demo, and refuses to start
// while a demo account keeps its published password.
let sb: Sandbox
beforeAll(async () => {
  sb = await startSandbox()
})
afterAll(async () => sb?.close())

describe('production mode', () => {
  it('seeds an empty database without any demo account (so weak01 / 123456 cannot log in)', async () => {
    // An empty database of its own (on the run's PostgreSQL cluster when it has one: migrating and
    // seeding an in-memory PGlite costs about 9 s of CPU).
    const empty = await throwawayDatabase()
    const db = await openDb({ databaseUrl: empty.url })
    try {
      await prepareForStart(db, { production: true, seedDemo: false })
      const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM members')
      expect(n).toBe(0)
      const [{ games }] = await db.query<{ games: number }>('SELECT count(*)::int AS games FROM games')
      expect(games).toBeGreaterThan(0)
    } finally {
      await db.close()
      await empty.stop()
    }
  })

  it('refuses to start on a database whose demo accounts keep their published passwords', async () => {
    expect(await demoPasswordsInUse(sb.db)).toContain('weak01')
    await expect(prepareForStart(sb.db, { production: true, seedDemo: false })).rejects.toThrow(/Refusing to start in production: .*weak01/)
    // Asked for on purpose, the demo starts; outside production the demo is the point.
    await expect(prepareForStart(sb.db, { production: true, seedDemo: true })).resolves.toBeUndefined()
    await expect(prepareForStart(sb.db, { production: false, seedDemo: false })).resolves.toBeUndefined()
  })

  it('starts once every demo password was changed', async () => {
    // Put back afterwards: the refusal test needs the published passwords of the file's database.
    const hashes = await sb.db.query<{ id: string; password_hash: string | null }>('SELECT id, password_hash FROM members')
    try {
      await sb.db.query('UPDATE members SET password_hash = NULL')
      expect(await demoPasswordsInUse(sb.db)).toEqual([])
      await expect(prepareForStart(sb.db, { production: true, seedDemo: false })).resolves.toBeUndefined()
    } finally {
      for (const { id, password_hash } of hashes) await sb.db.query('UPDATE members SET password_hash = $2 WHERE id = $1', [id, password_hash])
    }
  })
})
