/**
 * The settings `npm start` / `npm run serve` read from the environment, checked before anything
 * starts, and the one-line message a failed start prints instead of a stack trace.
 * @module
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseTrustedProxies } from '../http/address.ts'
import { MIN_KEY_CHARS } from '../backoffice/secret-box.ts'

/** A setting that cannot be used: its message names the variable and what it takes. */
export class SettingError extends Error {
  override name = 'SettingError'
}

/** The environment settings of a start. */
export interface StartSettings {
  production: boolean
  port: number
  /** The partner demo's port (development only): PARTNER_PORT, else the next port (0 with PORT=0). */
  partnerPort: number
  host: string
  dataDir: string
  databaseUrl?: string
  platformUrl?: string
  trustedProxies?: string
  /** Whether each request is logged (LOG_REQUESTS=on|off; default on in production). */
  logRequests: boolean
  /** OPERATOR_SECRET_KEY: seals operators' TOTP secrets (required in production; a public one otherwise). */
  operatorSecretKey?: string
}

const port = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined || raw.trim() === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new SettingError(`${name}=${raw} is not a port: write a number from 0 to 65535.`)
  return n
}

const url = (name: string, raw: string | undefined, protocols: readonly string[], example: string): string | undefined => {
  if (!raw?.trim()) return undefined
  let parsed: URL
  try {
    parsed = new URL(raw.trim())
  } catch {
    throw new SettingError(`${name} is not an address: write it like ${example}.`)
  }
  if (!protocols.includes(parsed.protocol)) throw new SettingError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}: write it like ${example}.`)
  return raw.trim()
}

/**
 * Reads and checks the start's settings.
 * @throws {SettingError} naming the first setting that cannot be used
 * @example readStartSettings({ PORT: '8080', NODE_ENV: 'production' }).port // 8080
 */
export function readStartSettings(env: Record<string, string | undefined>): StartSettings {
  const nodeEnv = env.NODE_ENV?.trim()
  if (nodeEnv && !['production', 'development', 'test'].includes(nodeEnv)) {
    throw new SettingError(`NODE_ENV=${nodeEnv} is not a mode: write production, or leave it unset for development.`)
  }
  const production = nodeEnv === 'production'
  const p = port('PORT', env.PORT, 4321)
  const trustedProxies = env.TRUSTED_PROXIES || undefined
  try {
    parseTrustedProxies(trustedProxies)
  } catch (err) {
    throw new SettingError(`${(err as Error).message}: write addresses or ranges separated by commas, like 10.0.0.0/8, 127.0.0.1.`)
  }
  const log = env.LOG_REQUESTS?.trim().toLowerCase()
  if (log && !['on', 'off', '1', '0', 'true', 'false'].includes(log)) throw new SettingError(`LOG_REQUESTS=${env.LOG_REQUESTS} is not on or off.`)
  const operatorSecretKey = env.OPERATOR_SECRET_KEY?.trim() || undefined
  if (operatorSecretKey && operatorSecretKey.length < MIN_KEY_CHARS) {
    throw new SettingError(
      `OPERATOR_SECRET_KEY is ${operatorSecretKey.length} characters: use ${MIN_KEY_CHARS} or more random characters, like the output of openssl rand -base64 32.`,
    )
  }
  return {
    production,
    operatorSecretKey,
    port: p,
    partnerPort: port('PARTNER_PORT', env.PARTNER_PORT, p === 0 ? 0 : p + 1),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: env.DATA_DIR || '.data',
    databaseUrl: url('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/lobbykit'),
    platformUrl: url('PLATFORM_URL', env.PLATFORM_URL, ['http:', 'https:'], 'https://platform.example'),
    trustedProxies,
    logRequests: log ? ['on', '1', 'true'].includes(log) : production,
  }
}

/**
 * The line refusing a production start (or operator creation) without OPERATOR_SECRET_KEY, else null.
 * Wiping and seeding commands do not need it.
 */
export function missingOperatorKey(settings: Pick<StartSettings, 'production' | 'operatorSecretKey'>): string | null {
  if (!settings.production || settings.operatorSecretKey) return null
  return `NODE_ENV=production needs OPERATOR_SECRET_KEY (it seals operators' TOTP secrets): set it to ${MIN_KEY_CHARS} or more random characters, like the output of openssl rand -base64 32, and keep it safe beside your backups.`
}

/** The built files `npm run serve` needs (it does not build): a one-line error when missing. */
export function missingBuild(root = '.'): string | null {
  const missing = ['site', 'embed'].filter((d) => !existsSync(join(root, 'dist', d)))
  if (missing.length === 0) return null
  return `No built ${missing.map((d) => `dist/${d}`).join(' and ')}: run \`npm run build\` first (\`npm start\` builds, then serves).`
}

/** Network errors of a connection that never opened. */
const unreachable = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET'])
/** PostgreSQL refusals at connection: bad password, no such role, no such database, too many connections. */
const refusedBy: Record<string, string> = {
  '28P01': 'the password was refused',
  '28000': 'the user may not connect',
  '3D000': 'the database does not exist',
  '53300': 'too many connections',
}

/** `host:port/database` of a PostgreSQL address, without its user or password. */
export function redactedDatabase(databaseUrl: string): string {
  try {
    const u = new URL(databaseUrl)
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`
  } catch {
    return 'DATABASE_URL'
  }
}

/**
 * The one line a failed start prints: the database it could not reach, the port in use, the setting
 * that is wrong, or the error's own first line. Never a stack trace.
 */
export function startErrorLine(err: unknown, opts: { databaseUrl?: string; host?: string; port?: number } = {}): string {
  const e = err as NodeJS.ErrnoException & { errors?: NodeJS.ErrnoException[] }
  // A name that resolves to several addresses fails as an AggregateError of one error per address.
  const code = e?.code ?? e?.errors?.[0]?.code
  const detail = (e?.message || e?.errors?.[0]?.message || String(err)).split('\n')[0]
  if (opts.databaseUrl && code && (unreachable.has(code) || code in refusedBy)) {
    const why = refusedBy[code] ?? detail
    return `Cannot reach the database at ${redactedDatabase(opts.databaseUrl)} (${why}): check DATABASE_URL and that PostgreSQL is running and accepts this user.`
  }
  if (code === 'EADDRINUSE') return `Port ${opts.port ?? ''} on ${opts.host ?? ''} is already in use: stop the other server or set PORT to a free port.`
  if (code === 'EADDRNOTAVAIL' || code === 'EACCES') return `Cannot listen on ${opts.host ?? ''}:${opts.port ?? ''} (${detail}): check HOST and PORT.`
  return detail
}
