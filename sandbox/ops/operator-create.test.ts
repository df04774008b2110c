import { spawn } from 'node:child_process'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../db/index.ts'
import { throwawayDatabase } from '../testing.ts'
import { verifyPassword } from '../auth/password.ts'
import { developmentKey, unseal } from '../backoffice/secret-box.ts'

// `npm run operator:create` as an operator runs it on a fresh PostgreSQL database: the password from
// standard input or the environment, never the command line; the secret printed once; a name taken refused.
// Each test has a fresh database of its own, opened here (migrated) only after its commands ran.
let target: Awaited<ReturnType<typeof throwawayDatabase>>
let db: Db | undefined
beforeEach(async () => {
  target = await throwawayDatabase()
})
afterEach(async () => {
  await db?.close()
  db = undefined
  await target?.stop()
})
const opened = async (): Promise<Db> => (db ??= await openDb({ databaseUrl: target.url }))

/** Runs the command with `args`, `stdin` piped in and `env` (no OPERATOR_PASSWORD unless given): its exit code and output. */
function run(args: string[], stdin: string, env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  const { OPERATOR_PASSWORD: _unset, ...inherited } = process.env
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['sandbox/ops/operator-create.ts', ...args], {
      env: { ...inherited, DATABASE_URL: target.url, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.on('exit', (code) => resolve({ code, out, err }))
    child.stdin.end(stdin)
  })
}

describe('npm run operator:create', () => {
  it('creates an owner with the password read from standard input, prints the TOTP secret once, and refuses the name again', async () => {
    const password = 'a passphrase from stdin'
    const made = await run(['--username', 'Alice', '--role', 'owner'], `${password}\n`)
    expect(made.code).toBe(0)
    const secret = /TOTP secret: ([A-Z2-7]{32})/.exec(made.out)?.[1]
    expect(secret).toBeDefined()
    expect(made.out).toContain(`otpauth://totp/Lobbykit:Alice?secret=${secret}&issuer=Lobbykit`)
    expect(made.out + made.err).not.toContain(password)
    const [row] = await (await opened()).query<{ id: string; role: string; password_hash: string; totp_secret: string }>(
      "SELECT id, role, password_hash, totp_secret FROM operators WHERE username = 'Alice'",
    )
    expect(row.role).toBe('owner')
    // Stored sealed with the server's key (the development one here), never in the clear.
    expect(row.totp_secret).not.toContain(secret)
    expect(unseal(developmentKey(), row.totp_secret, row.id)).toBe(secret)
    // The production cost: the command never hashes at the tests' cheap one.
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/)
    expect(await verifyPassword(password, row.password_hash)).toBe(true)

    const again = await run(['--username', 'alice', '--role', 'finance'], '', { OPERATOR_PASSWORD: 'another long passphrase' })
    expect(again).toMatchObject({ code: 1, out: '' })
    expect(again.err).toContain('Operator not created: An operator named alice already exists.')
    expect((await (await opened()).query('SELECT 1 FROM operators')).length).toBe(1)
  })

  it('refuses a short password, an unknown role and a missing argument, creating nothing', async () => {
    expect((await run(['--username', 'bob', '--role', 'finance'], 'short\n')).err).toContain('at least 12 characters')
    expect((await run(['--username', 'bob', '--role', 'boss'], 'a long enough passphrase\n')).err).toContain('owner, finance, support, content')
    const usage = await run(['--username', 'bob'], '')
    expect(usage.code).toBe(1)
    expect(usage.err).toContain('Usage: npm run operator:create')
    // Production seals with the server's own key: without one, nothing is created.
    const noKey = await run(['--username', 'bob', '--role', 'finance'], 'a long enough passphrase\n', { NODE_ENV: 'production', OPERATOR_SECRET_KEY: '' })
    expect(noKey.code).toBe(1)
    expect(noKey.err).toContain('Operator not created: NODE_ENV=production needs OPERATOR_SECRET_KEY')
    expect((await (await opened()).query('SELECT 1 FROM operators')).length).toBe(0)
  })
})
