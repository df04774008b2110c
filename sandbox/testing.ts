/**
 * Test helpers: a seeded sandbox on a free port in a fraction of a second, and a throwaway
 * PostgreSQL cluster for the tests that need a real server (ledger races).
 *
 * The seeded database is built once per version of the migrations and seed sources (cached as a
 * PGlite dump under `.tmp/`, built under a lock so parallel workers do not collide) and each
 * sandbox starts from its own in-memory copy of it.
 * @module
 */
import type { ContentEditorOptions } from './content/editor.ts'
import type { ShedOptions } from './http/shed.ts'
import type { Logger } from './ops/observe.ts'
import type { StreamOptions } from './service/streams.ts'
import type { KeyOptions } from './auth/rsa.ts'
import type { Delivery } from './delivery/index.ts'
import type { IdentityProviders } from './auth/oidc.ts'
import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile, chown } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { WhitelabelFlag } from '../sdk/contract/all.ts'
import { openDb, type Db } from './db/index.ts'
import { shareCatalogue } from './games/catalogue.ts'
import { startServer } from './host.ts'
import { testCost } from './auth/password.ts'
import { seed, seedIfEmpty } from './seed/index.ts'
import type { StatusChange } from './settings.ts'
import type { LiveContentOptions } from './content/live.ts'

const sandboxDir = fileURLToPath(new URL('.', import.meta.url))
const repoDir = join(sandboxDir, '..')
const cacheDir = join(repoDir, '.tmp')

/** Dev admin controls of a running sandbox. */
export interface SandboxAdmin {
  setFlag(flag: WhitelabelFlag, enabled: boolean): Promise<void>
  /** Switches and maintenance texts/end time, as `POST /sandbox/admin/status` takes them. */
  setStatus(s: StatusChange & { loginOnly?: boolean }): Promise<void>
  /** The dev inbox (SMS, email, captcha answers), newest first. */
  // Entries are free-form per kind (the interface other tests were written against), hence any.
  inbox(): Promise<{ sms: any[]; email: any[]; captcha: any[]; slider: any[] }>
}

/** A running sandbox for one test file. */
export interface Sandbox {
  url: string
  db: Db
  admin: SandboxAdmin
  /** The name of its copy of the template database, when it runs on the run's PostgreSQL cluster. */
  copyName?: string
  close(): Promise<void>
}

/**
 * Starts a seeded sandbox on 127.0.0.1, port 0. Passwords are hashed at the cheap {@link testCost}
 * (the demo accounts too), so logins in tests take milliseconds; production keeps the full cost.
 * Runs on a copy of the run's PostgreSQL template database when the run has one ({@link templateClusterEnv}),
 * else on a copy of the PGlite dump.
 * @param opts `shed` turns the API's load shedding on (off by default in tests); `streams` sets the chat streams' caps and timings; `keys` the platform keys' rotation; `staticDir` to serve a built site too; `databaseUrl` to run on PostgreSQL (seeded when
 *   empty); `now` to drive the routes' clock; `trustedProxies` (default loopback, so a test can act
 *   from another address with X-Forwarded-For; pass [] to see the production default of none); `logger`
 *   receives the request log and errors (none by default: tests stay quiet).
 * @example const sb = await startSandbox(); const r = await fetch(`${sb.url}/wps/system/status`); await sb.close()
 */
export async function startSandbox(
  opts: {
    staticDir?: string
    databaseUrl?: string
    now?: () => number
    trustedProxies?: string[]
    shed?: ShedOptions | false
    logger?: Logger
    /** `pglite` starts on a copy of the PGlite dump even when the run shares a PostgreSQL template (the tests that prove the embedded path). */
    engine?: 'pglite'
    streams?: Partial<StreamOptions>
    keys?: Partial<KeyOptions>
    /** Message providers (default the dev inbox for both); a test of the SMTP or SMS provider passes its own. */
    delivery?: Partial<Delivery>
    /** Run as production (no dev routes; default development). */
    production?: boolean
    /** The OpenID providers of Google and Facebook sign-in (default none). */
    identity?: IdentityProviders
    /** The editors' web interface and endpoint over this repository copy's `site/content` (sandbox/content/). */
    content?: ContentEditorOptions
    /** The live site's content editor and Publish (sandbox/content/live.ts; default none in tests). */
    liveContent?: LiveContentOptions
  } = {},
): Promise<Sandbox> {
  let db: Db
  let dropCopy: (() => Promise<void>) | undefined
  let copyName: string | undefined
  const cluster = opts.engine === 'pglite' ? undefined : process.env[templateClusterEnv]
  if (opts.databaseUrl) {
    db = await openDb({ databaseUrl: opts.databaseUrl })
    // Under the start lock: sandboxes starting together on one fresh database seed it once.
    await seedIfEmpty(db, { cost: testCost })
  } else if (cluster) {
    const copy = await copyTemplateDatabase(cluster)
    dropCopy = copy.drop
    copyName = copy.name
    try {
      db = await openDb({ databaseUrl: copy.url })
    } catch (err) {
      await copy.drop()
      throw err
    }
    shareCatalogue(db, `${cluster} ${templateDb}`)
  } else {
    db = await openDb({ loadDataDir: await template() })
  }
  let server: Awaited<ReturnType<typeof startServer>>
  try {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      staticDir: opts.staticDir,
      db,
      now: opts.now,
      production: opts.production ?? false,
      identity: opts.identity,
      content: opts.content,
      liveContent: opts.liveContent ?? false,
      scryptCost: testCost,
      trustedProxies: opts.trustedProxies ?? ['127.0.0.1', '::1'],
      // No load shedding unless asked for: a loaded test machine must not turn calls into 503s.
      shed: opts.shed ?? false,
      // Quiet unless the test asks for the request log.
      logger: opts.logger,
      streams: opts.streams,
      keys: opts.keys,
      delivery: opts.delivery,
    })
  } catch (err) {
    await db.close()
    await dropCopy?.()
    throw err
  }
  const url = server.url
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`)
  }
  return {
    url,
    db,
    copyName,
    admin: {
      setFlag: (flag, enabled) => post('/sandbox/admin/flags', { flag, enabled }),
      setStatus: (s) => post('/sandbox/admin/status', s),
      inbox: async () => (await fetch(`${url}/sandbox/inbox`)).json(),
    },
    async close() {
      await server.close()
      await db.close()
      await dropCopy?.()
    },
  }
}

// ── A seeded template database on a shared PostgreSQL cluster ────────────────

/**
 * The environment variable that points test workers at a cluster holding the seeded template database
 * (set by {@link startTemplateCluster}'s caller, the browser journeys' global setup): each
 * {@link startSandbox} then runs on its own copy of that database instead of a PGlite copy. A copy is a
 * file copy made by PostgreSQL (about 0.1 s) where loading a PGlite dump costs about 2 s of CPU, the
 * largest part of a short journey's cost.
 */
export const templateClusterEnv = 'LK_TEST_PG_TEMPLATE'
const templateDb = 'lk_template'

/** The same server, another database: `postgres://…/postgres` → `postgres://…/<name>`. */
const withDatabase = (url: string, name: string) => {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** Runs statements on the cluster's maintenance database, one short connection. */
async function onCluster(url: string, ...statements: string[]): Promise<void> {
  const pg = (await import('pg')).default
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    for (const sql of statements) await client.query(sql)
  } finally {
    await client.end()
  }
}

/**
 * Starts a throwaway PostgreSQL cluster and builds the seeded template database in it (migrated, seeded
 * at the cheap test cost), to share with the workers through {@link templateClusterEnv}.
 * @returns the cluster's maintenance URL and its stop
 */
export async function startTemplateCluster(): Promise<{ url: string; stop(): Promise<void> }> {
  const pg = await startPostgres()
  try {
    await onCluster(pg.url, `CREATE DATABASE ${templateDb}`)
    const db = await openDb({ databaseUrl: withDatabase(pg.url, templateDb) })
    try {
      await seed(db, { cost: testCost })
    } finally {
      await db.close()
    }
    await onCluster(pg.url, `ALTER DATABASE ${templateDb} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`)
  } catch (err) {
    await pg.stop()
    throw err
  }
  return pg
}

let copies = 0

/** A fresh database copied from the template (by file copy: no WAL to write), and its drop. */
async function copyTemplateDatabase(cluster: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `sb_${process.pid}_${++copies}_${Date.now().toString(36)}`
  // Two copies of one template at the same moment can meet "source database is being accessed by
  // other users" while the other copy starts: try again shortly.
  for (let attempt = 0; ; attempt++) {
    try {
      await onCluster(cluster, `CREATE DATABASE ${name} TEMPLATE ${templateDb} STRATEGY FILE_COPY`)
      break
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err
      await sleep(50 + Math.random() * 100)
    }
  }
  let dropped = false
  return {
    name,
    url: withDatabase(cluster, name),
    async drop() {
      if (dropped) return
      dropped = true
      await onCluster(cluster, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

let empties = 0

/**
 * A throwaway empty database for a test file that migrates and fills its own (the race tests): a new
 * database on the run's shared cluster when there is one ({@link templateClusterEnv}; about 0.1 s),
 * else a throwaway cluster of its own (about a second). `stop` drops it, or stops the cluster.
 */
export async function throwawayDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  const cluster = process.env[templateClusterEnv]
  if (!cluster) return startPostgres()
  const name = `tw_${process.pid}_${++empties}_${Date.now().toString(36)}`
  await onCluster(cluster, `CREATE DATABASE ${name} TEMPLATE template0`)
  let dropped = false
  return {
    url: withDatabase(cluster, name),
    async stop() {
      if (dropped) return
      dropped = true
      await onCluster(cluster, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

/** Source files whose change must rebuild the seeded template. */
async function templateSources(): Promise<string[]> {
  const out: string[] = []
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) await walk(full)
      else if ((entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) || entry.name.endsWith('.sql')) out.push(full)
    }
  }
  for (const dir of ['db', 'seed', 'auth', 'games']) if (existsSync(join(sandboxDir, dir))) await walk(join(sandboxDir, dir))
  for (const file of ['ledger.ts', 'settings.ts']) out.push(join(sandboxDir, file))
  return out.sort()
}

async function templateHash(): Promise<string> {
  const h = createHash('sha256')
  h.update(`scrypt:${testCost.logN},${testCost.r},${testCost.p}\0`)
  for (const file of await templateSources()) {
    h.update(relative(repoDir, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0')
  }
  return h.digest('hex').slice(0, 16)
}

let cached: { hash: string; blob: Promise<Blob> } | null = null

/** The seeded template as a PGlite dump, built once per source version (per process and on disk). */
export async function template(): Promise<Blob> {
  const hash = await templateHash()
  if (cached?.hash !== hash) {
    const blob = loadOrBuild(hash)
    cached = { hash, blob }
    blob.catch(() => {
      if (cached?.blob === blob) cached = null
    })
  }
  return cached.blob
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const LOCK_STALE_MS = 5 * 60 * 1000

async function loadOrBuild(hash: string): Promise<Blob> {
  await mkdir(cacheDir, { recursive: true })
  const file = join(cacheDir, `sandbox-template-${hash}.tar`)
  const lock = `${file}.lock`
  for (;;) {
    if (existsSync(file)) return new Blob([await readFile(file)])
    try {
      await mkdir(lock)
      await writeFile(join(lock, 'pid'), String(process.pid))
    } catch {
      // Another worker builds it; take over if it is gone (a worker killed mid-build, e.g. by a
      // hook timeout, leaves its lock behind) or the lock is older than any real build.
      if (await lockAbandoned(lock)) await rm(lock, { recursive: true, force: true })
      else await sleep(200)
      continue
    }
    try {
      if (existsSync(file)) continue
      const db = await openDb({})
      let dump: Blob
      try {
        await seed(db, { cost: testCost })
        dump = await db.dump!()
      } finally {
        await db.close()
      }
      const partial = `${file}.${process.pid}.partial`
      await writeFile(partial, new Uint8Array(await dump.arrayBuffer()))
      await rename(partial, file)
      await removeOldTemplates(hash)
      return dump
    } finally {
      await rm(lock, { recursive: true, force: true })
    }
  }
}

/** Whether the template lock's holder is no longer running, or the lock has outlived any build (exported for its test). */
export async function lockAbandoned(lock: string): Promise<boolean> {
  const age = await stat(lock).then(
    (s) => Date.now() - s.mtimeMs,
    () => 0,
  )
  if (age > LOCK_STALE_MS) return true
  const pid = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => ''))
  // No pid yet: the holder is between making the folder and writing it.
  if (!pid || pid === process.pid) return age > 5_000 && !pid
  try {
    process.kill(pid, 0)
    return false
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

async function removeOldTemplates(keep: string): Promise<void> {
  for (const name of await readdir(cacheDir)) {
    if (!name.startsWith('sandbox-template-') || name.includes(keep)) continue
    const full = join(cacheDir, name)
    // Give workers still on the old sources a while to finish with their copy.
    const age = await stat(full).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    )
    if (age > 10 * 60 * 1000) await rm(full, { recursive: true, force: true })
  }
}

// ── PostgreSQL ────────────────────────────────────────────────────────────────

/** Directory of the PostgreSQL server binaries (PG_BIN, pg_config, or the Debian layout). */
export function postgresBinDir(): string {
  const candidates: string[] = []
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN)
  const cfg = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
  if (cfg.status === 0) candidates.push(cfg.stdout.trim())
  for (const v of ['17', '16', '15', '14']) candidates.push(`/usr/lib/postgresql/${v}/bin`)
  const found = candidates.find((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl')))
  if (!found) {
    throw new Error(
      'PostgreSQL server binaries not found (looked in PG_BIN, `pg_config --bindir`, /usr/lib/postgresql/*/bin). ' +
        'Install them (Debian: apt-get install -y postgresql) or set PG_BIN to the directory holding initdb and pg_ctl.',
    )
  }
  return found
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolvePort(port))
    })
  })
}

/**
 * Starts a throwaway PostgreSQL cluster (trust auth, own port and socket dir) and returns its URL.
 * Run as root, the cluster belongs to the `postgres` user, since initdb refuses to run as root.
 * @throws Error with install instructions when the binaries are missing
 */
export async function startPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const bin = postgresBinDir()
  const root = await mkdtemp(join(tmpdir(), 'lobbykit-pg-'))
  const dataDir = join(root, 'data')
  const socketDir = join(root, 'sock')
  await mkdir(socketDir)
  const asRoot = userInfo().uid === 0
  const run = (cmd: string, args: string[]) => {
    const full = asRoot ? (['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] as const) : ([join(bin, cmd), args] as const)
    const r = spawnSync(full[0], full[1], { encoding: 'utf8', cwd: root })
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status ?? r.signal}): ${r.stderr || r.stdout || r.error?.message}`)
  }
  if (asRoot) {
    const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
    const gw = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
    if (pw.status !== 0) throw new Error('Running as root needs a `postgres` system user to own the throwaway cluster (Debian: apt-get install -y postgresql).')
    const uid = Number(pw.stdout.trim())
    const gid = Number(gw.stdout.trim())
    for (const dir of [root, socketDir]) await chown(dir, uid, gid)
  }
  const port = await freePort()
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'])
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(root, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400`,
      'start',
    ])
  } catch (err) {
    await rm(root, { recursive: true, force: true })
    throw err
  }
  let stopped = false
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopped) return
      stopped = true
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
      } finally {
        await rm(root, { recursive: true, force: true })
      }
    },
  }
}
