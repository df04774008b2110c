import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../db/index.ts'
import { runMain as runSandboxMain, sandboxForFile } from '../testkit.ts'
import { databaseName, realMembers, refusal } from './guard.ts'

// `npm run sandbox:reset` and `--seed-demo` copied onto a production server stop, saying why, unless
// the command names the database it is about to change.
const { sb } = sandboxForFile()

/** Runs `node sandbox/main.ts ...args` with `env` over a start without a database URL, platform or port of its own. */
const runMain = (args: string[], env: Record<string, string>) => runSandboxMain(args, { DATABASE_URL: '', PLATFORM_URL: '', PORT: '0', PAYMENT_PROVIDER: 'simulator', ...env })

let dir: string
beforeAll(async () => {
  // A migrated PGlite directory holding one member who signed up for real.
  dir = mkdtempSync(join(tmpdir(), 'lk-guard-'))
  const db = await openDb({ dataDir: dir })
  await db.query("INSERT INTO members (username, nickname) VALUES ('realplayer', 'Real Player')")
  await db.close()
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const membersIn = async (dataDir: string) => {
  const db = await openDb({ dataDir, migrate: false })
  try {
    return (await db.query<{ username: string }>('SELECT username FROM members')).map((r) => r.username)
  } finally {
    await db.close()
  }
}

describe('the reset command', () => {
  it('refuses NODE_ENV=production: one line naming the flag, exit 1, nothing wiped', async () => {
    const { code, out } = await runMain(['--reset-only'], { NODE_ENV: 'production', DATA_DIR: dir })
    expect(code).toBe(1)
    expect(out.trim()).toBe(
      `Refusing to wipe database "${dir}": NODE_ENV=production and it holds 1 member the demo did not create. If you mean it, run the command again with --yes-wipe=${dir}`,
    )
    expect(await membersIn(dir)).toEqual(['realplayer'])
  })

  it('refuses a database with real members outside production too, and a flag naming another database', async () => {
    const plain = await runMain(['--reset-only'], { NODE_ENV: '', DATA_DIR: dir })
    expect(plain.code).toBe(1)
    expect(plain.out).toContain('it holds 1 member the demo did not create')
    const other = await runMain(['--reset-only', '--yes-wipe=lobbykit'], { NODE_ENV: '', DATA_DIR: dir })
    expect(other.code).toBe(1)
    expect(other.out).toContain('(--yes-wipe=lobbykit names another database)')
    expect(other.out).not.toMatch(/^\s+at /m)
    expect(await membersIn(dir)).toEqual(['realplayer'])
  })

  it('seeding the demo accounts into production refuses the same way', async () => {
    const { code, out } = await runMain(['--seed-demo'], { NODE_ENV: 'production', DATA_DIR: dir })
    expect(code).toBe(1)
    expect(out).toContain(`Refusing to seed the demo accounts into database "${dir}": NODE_ENV=production`)
    expect(out).toContain(`--yes-seed=${dir}`)
  })
})

describe('the guard', () => {
  it('lets the demo database be reset outside production, and production only when the command names it', async () => {
    const target = { dataDir: '.data', argv: [] as string[] }
    expect(await realMembers(sb.db)).toBe(0)
    expect(await refusal(sb.db, { action: 'wipe', production: false, ...target })).toBeNull()
    expect(await refusal(sb.db, { action: 'wipe', production: true, ...target })).toMatch(/^Refusing to wipe database "\.data": NODE_ENV=production\. /)
    expect(await refusal(sb.db, { action: 'wipe', production: true, ...target, argv: ['--yes-wipe=./.data'] })).toBeNull()
    // Trial accounts and agent01's demo team are the demo's own.
    await sb.db.query("INSERT INTO members (username, type) VALUES ('trial00000001', 4), ('tm001', 0)")
    expect(await realMembers(sb.db)).toBe(0)
    await sb.db.query("INSERT INTO members (username) VALUES ('someone')")
    expect(await refusal(sb.db, { action: 'wipe', production: false, ...target })).toContain('it holds 1 member the demo did not create')
  })

  it('names a PostgreSQL database by its name in DATABASE_URL', async () => {
    expect(databaseName({ databaseUrl: 'postgres://app:secret@db:5432/lobbykit', dataDir: '.data' })).toBe('lobbykit')
    const prod = { action: 'wipe' as const, production: true, databaseUrl: 'postgres://app:secret@db:5432/lobbykit', dataDir: '.data' }
    expect(await refusal(sb.db, { ...prod, argv: ['--yes-wipe=lobbykit'] })).toBeNull()
    expect(await refusal(sb.db, { ...prod, argv: ['--yes-wipe=.data'] })).toContain('--yes-wipe=lobbykit')
  })
})
