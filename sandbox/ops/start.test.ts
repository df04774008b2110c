import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { prepareForStart } from '../seed/index.ts'
import { runMain as runSandboxMain, sandboxForFile } from '../testkit.ts'
import { missingBuild, readStartSettings, startErrorLine } from './start.ts'

// A start that cannot work says why in one line (no stack trace) and exits 1.
const { sb } = sandboxForFile()

/** Runs `node sandbox/main.ts ...args` with `env` over a start without a database URL, platform or port of its own. */
const runMain = (args: string[], env: Record<string, string>) =>
  runSandboxMain(args, { DATABASE_URL: '', PLATFORM_URL: '', PORT: '0', PAYMENT_PROVIDER: 'simulator', NODE_ENV: '', ...env })

describe('a start that cannot work', () => {
  it('an unreachable database: one line naming it (without its password), exit 1', async () => {
    const { code, out } = await runMain([], { DATABASE_URL: 'postgres://app:secret@127.0.0.1:1/lobbykit' })
    expect(code).toBe(1)
    expect(out.trim()).toMatch(/^Lobbykit could not start: Cannot reach the database at 127\.0\.0\.1:1\/lobbykit \(.*ECONNREFUSED.*\): check DATABASE_URL/)
    expect(out.trim().split('\n')).toHaveLength(1)
    expect(out).not.toContain('secret')
  })

  it('production without OPERATOR_SECRET_KEY, or with a short one: one line saying what it takes, exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lk-nokey-'))
    try {
      const none = await runMain([], { NODE_ENV: 'production', DATA_DIR: dir, OPERATOR_SECRET_KEY: '' })
      expect(none.code).toBe(1)
      // After the simulator's warning (named on purpose here), the refusal's one line.
      expect(none.out.trim().split('\n').at(-1)).toMatch(
        /^NODE_ENV=production needs OPERATOR_SECRET_KEY \(it seals operators' TOTP secrets\): set it to 32 or more random characters/,
      )
      // Before any database was made.
      expect(readdirSync(dir)).toEqual([])
      const short = await runMain([], { NODE_ENV: 'production', DATA_DIR: dir, OPERATOR_SECRET_KEY: 'short key' })
      expect(short.out.trim()).toBe('Lobbykit could not start: OPERATOR_SECRET_KEY is 9 characters: use 32 or more random characters, like the output of openssl rand -base64 32.')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a bad setting: one line naming it, exit 1', async () => {
    const { code, out } = await runMain([], { PORT: 'eighty' })
    expect(code).toBe(1)
    expect(out.trim()).toBe('Lobbykit could not start: PORT=eighty is not a port: write a number from 0 to 65535.')
  })

  it('a half-configured sign-in provider: one line naming what is missing, exit 1', async () => {
    const { code, out } = await runMain([], { OIDC_GOOGLE_ISSUER: 'https://accounts.google.com', OIDC_GOOGLE_CLIENT_ID: 'app.apps.googleusercontent.com' })
    expect(code).toBe(1)
    expect(out.trim()).toBe('Lobbykit could not start: Google sign-in is half configured: set OIDC_GOOGLE_CLIENT_SECRET too (or none of the OIDC_GOOGLE_* settings).')
  })

  it('Facebook Login and an OpenID broker for Facebook both set: one line, exit 1', async () => {
    const { code, out } = await runMain([], {
      FACEBOOK_APP_ID: '1234567890',
      FACEBOOK_APP_SECRET: 'app-secret',
      OIDC_FACEBOOK_ISSUER: 'https://broker.example',
      OIDC_FACEBOOK_CLIENT_ID: 'id',
      OIDC_FACEBOOK_CLIENT_SECRET: 's',
    })
    expect(code).toBe(1)
    expect(out.trim()).toBe(
      'Lobbykit could not start: Facebook sign-in is configured twice: set FACEBOOK_APP_ID and _SECRET (Facebook Login) or the OIDC_FACEBOOK_* settings (a broker), not both.',
    )
  })

  it('reads every setting it takes and names the wrong one', () => {
    expect(readStartSettings({ PORT: '8080', NODE_ENV: 'production', DATABASE_URL: 'postgres://db/lobbykit' })).toMatchObject({
      production: true,
      port: 8080,
      partnerPort: 8081,
      databaseUrl: 'postgres://db/lobbykit',
      logRequests: true,
    })
    expect(readStartSettings({}).logRequests).toBe(false)
    expect(() => readStartSettings({ TRUSTED_PROXIES: '10.0.0.0/99' })).toThrow(/^TRUSTED_PROXIES: "10.0.0.0\/99" is not an IP address/)
    expect(() => readStartSettings({ DATABASE_URL: 'mysql://db/x' })).toThrow('DATABASE_URL must start with postgres:// or postgresql://')
    expect(() => readStartSettings({ NODE_ENV: 'prod' })).toThrow('NODE_ENV=prod is not a mode')
    expect(() => readStartSettings({ PARTNER_PORT: '-1' })).toThrow('PARTNER_PORT=-1 is not a port')
    expect(startErrorLine(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' }), { host: '0.0.0.0', port: 4321 })).toBe(
      'Port 4321 on 0.0.0.0 is already in use: stop the other server or set PORT to a free port.',
    )
  })

  it('`npm run serve` without a build says to build first', () => {
    const root = mkdtempSync(join(tmpdir(), 'lk-serve-'))
    try {
      expect(missingBuild(root)).toBe('No built dist/site and dist/embed: run `npm run build` first (`npm start` builds, then serves).')
      mkdirSync(join(root, 'dist', 'site'), { recursive: true })
      mkdirSync(join(root, 'dist', 'embed'), { recursive: true })
      expect(missingBuild(root)).toBeNull()
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it('a brand time zone Intl does not know is refused, not counted as Manila', async () => {
    await sb.db.query(`UPDATE settings SET value = jsonb_set(value, '{timeZone}', '"Mars/Olympus_Mons"') WHERE key = 'brand'`)
    try {
      await expect(prepareForStart(sb.db, { production: false, seedDemo: true })).rejects.toThrow(
        `The brand's time zone "Mars/Olympus_Mons" (settings 'brand', timeZone) is not a time zone: write an IANA name such as "Asia/Manila" or "Europe/Madrid".`,
      )
    } finally {
      await sb.db.query(`UPDATE settings SET value = jsonb_set(value, '{timeZone}', '"Asia/Manila"') WHERE key = 'brand'`)
    }
    await sb.db.query(`UPDATE settings SET value = jsonb_set(value, '{timeZone}', '"Europe/Madrid"') WHERE key = 'brand'`)
    await expect(prepareForStart(sb.db, { production: false, seedDemo: true })).resolves.toBeUndefined()
  })
})
