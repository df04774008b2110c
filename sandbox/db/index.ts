/**
 * Database access for the sandbox: one small interface over embedded PGlite and a PostgreSQL pool,
 * so every route and test runs the same SQL on both.
 * @module
 */
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createRequire } from 'node:module'
import { join } from 'node:path'

/** Anything SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one statement with `$1…` parameters and returns its rows (int8 values as numbers). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
}

/** A queryable that can also run a script of several statements without parameters. */
export interface Executable extends Queryable {
  exec(sql: string): Promise<void>
}

/** An open database. */
export interface Db extends Executable {
  kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (q: Executable) => Promise<T>): Promise<T>
  /**
   * Calls `fn` with the payload of every `NOTIFY channel` (from this process or another on the same
   * database) until the returned function is called. PostgreSQL: one dedicated connection per process.
   */
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>
  /** PGlite only: the whole data directory as a tarball (test templates). */
  dump?: () => Promise<Blob>
  /** PostgreSQL only: the pool's connections now (the metrics read it). */
  poolStats?: () => { total: number; idle: number; waiting: number }
  close(): Promise<void>
}

/** Folder of the numbered migration scripts. */
export const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url))

// int8 (20) is how money is stored; amounts stay far below 2^53, so numbers are exact.
const INT8 = 20
const parseInt8 = (value: string): number => Number(value)

/**
 * Opens the database and applies pending migrations.
 * @param opts `databaseUrl` for PostgreSQL; else PGlite in `dataDir`, or in memory when neither is
 *   given; `loadDataDir` starts an in-memory PGlite from a dump (test templates).
 * @example const db = await openDb({ dataDir: '.data' })
 */
export async function openDb(opts: { dataDir?: string; databaseUrl?: string; loadDataDir?: Blob; migrate?: boolean }): Promise<Db> {
  const db = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir, opts.loadDataDir)
  if (opts.migrate !== false) {
    try {
      await migrate(db)
    } catch (err) {
      await db.close()
      throw err
    }
  }
  return db
}

/**
 * PGlite's compiled WebAssembly and its file-system bundle, read and compiled once per process:
 * every instance would otherwise compile the 9 MB module again (about half of a test sandbox's start).
 */
let pgliteRuntime: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined

function loadPgliteRuntime(): Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> {
  pgliteRuntime ??= (async () => {
    // The package's entry sits beside its wasm and data files (createRequire: Vitest's module runner has no import.meta.resolve).
    const dist = new URL('.', pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')))
    const [wasm, data] = await Promise.all([readFile(new URL('pglite.wasm', dist)), readFile(new URL('pglite.data', dist))])
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) }
  })()
  pgliteRuntime.catch(() => (pgliteRuntime = undefined))
  return pgliteRuntime
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const [{ PGlite }, runtime] = await Promise.all([import('@electric-sql/pglite'), loadPgliteRuntime()])
  const pg = new PGlite({ dataDir, loadDataDir, ...runtime, parsers: { [INT8]: parseInt8 } })
  await pg.waitReady
  let closed = false
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pg.query<T>(sql, params)).rows
    },
    async exec(sql: string) {
      await pg.exec(sql)
    },
    tx<T>(fn: (q: Executable) => Promise<T>) {
      return pg.transaction(async (t) =>
        fn({
          async query<R>(sql: string, params?: unknown[]) {
            return (await t.query<R>(sql, params)).rows
          },
          async exec(sql: string) {
            await t.exec(sql)
          },
        }),
      )
    },
    async listen(channel: string, fn: (payload: string) => void) {
      return pg.listen(channel, fn)
    },
    async dump() {
      return pg.dumpDataDir('none')
    },
    async close() {
      if (closed) return
      closed = true
      await pg.close()
    },
  }
}

async function openPostgres(url: string): Promise<Db> {
  const pg = (await import('pg')).default
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser },
  })
  let closed = false
  // An idle client losing its server must not crash the process. Once closed, a dropped connection
  // (its database dropped, the server stopping) is the expected end, not news.
  pool.on('error', (err) => {
    if (!closed) console.error('[sandbox] postgres pool error:', err.message)
  })
  await pool.query('SELECT 1')
  const listener = postgresListener(pg, url)
  return {
    kind: 'postgres',
    listen: listener.listen,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params)).rows as T[]
    },
    async exec(sql: string) {
      await pool.query(sql)
    },
    async tx<T>(fn: (q: Executable) => Promise<T>) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({
          async query<R>(sql: string, params?: unknown[]) {
            return (await client.query(sql, params)).rows as R[]
          },
          async exec(sql: string) {
            await client.query(sql)
          },
        })
        await client.query('COMMIT')
        return result
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw err
      } finally {
        client.release()
      }
    },
    async close() {
      if (closed) return
      closed = true
      await listener.close()
      await pool.end()
    },
  }
}

/**
 * LISTEN for a PostgreSQL pool: one connection of its own, opened with the first listener and opened
 * again (with every channel) after it drops. A notification sent while it was down is not replayed:
 * listeners catch up from the database itself (sandbox/service/hub.ts re-reads after each reconnect).
 */
function postgresListener(pg: typeof import('pg').default, url: string) {
  const channels = new Map<string, Set<(payload: string) => void>>()
  let client: InstanceType<typeof pg.Client> | undefined
  let connecting: Promise<InstanceType<typeof pg.Client>> | undefined
  let closed = false
  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`
  const connect = (): Promise<InstanceType<typeof pg.Client>> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url })
      c.on('notification', (msg) => {
        for (const fn of channels.get(msg.channel) ?? []) fn(msg.payload ?? '')
      })
      const dropped = () => {
        if (client !== c) return
        client = undefined
        connecting = undefined
        if (!closed && channels.size > 0) setTimeout(() => void connect().catch(() => undefined), 500)
      }
      c.on('error', dropped)
      c.on('end', dropped)
      await c.connect()
      for (const channel of channels.keys()) await c.query(`LISTEN ${quote(channel)}`)
      client = c
      // Every listener re-reads what it may have missed while the connection was down.
      for (const fns of channels.values()) for (const fn of fns) fn('')
      return c
    })()
    connecting.catch(() => (connecting = undefined))
    return connecting
  }
  return {
    async listen(channel: string, fn: (payload: string) => void) {
      let fns = channels.get(channel)
      const first = !fns
      if (!fns) channels.set(channel, (fns = new Set()))
      fns.add(fn)
      const c = await connect()
      if (first) await c.query(`LISTEN ${quote(channel)}`)
      return async () => {
        fns.delete(fn)
        if (fns.size === 0) {
          channels.delete(channel)
          await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined)
        }
      }
    },
    async close() {
      closed = true
      const c = client
      client = undefined
      await c?.end().catch(() => undefined)
    },
  }
}

/**
 * Applies `sandbox/db/migrations/*.sql` in name order, each once, recording them in
 * `schema_migrations`. Safe to run from several processes at once (advisory lock).
 */
export async function migrate(db: Db): Promise<void> {
  const files = await migrationFiles()
  await db.tx(async (q) => {
    // Serialises concurrent migrators (parallel test workers, two servers on one database).
    if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock(727274)')
    await q.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())')
    const done = new Set((await q.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name))
    for (const file of files) {
      if (done.has(file)) continue
      await q.exec(await readFile(join(migrationsDir, file), 'utf8'))
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file])
    }
  })
}

/** The migration scripts, in the order they apply. */
export async function migrationFiles(): Promise<string[]> {
  return (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort()
}

/**
 * The migrations this database has not applied yet (all of them when it has none): what `/readyz`
 * checks. Throws when the database cannot be reached.
 */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const [{ present }] = await db.query<{ present: boolean }>("SELECT to_regclass('public.schema_migrations') IS NOT NULL AS present")
  const done = new Set(present ? (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name) : [])
  return (await migrationFiles()).filter((f) => !done.has(f))
}

/**
 * Runs `fn` while holding the start lock of the database: on PostgreSQL a transaction-level advisory
 * lock, so several instances starting together on one fresh database seed it once, one after the
 * other (the others then find it seeded). `fn` uses `db` itself, not the locking transaction. PGlite
 * has one process per directory (sandbox/db/lock.ts) and one connection: `fn` just runs.
 */
export async function underStartLock<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return fn()
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727275)')
    return fn()
  })
}

/** Drops every table of the public schema (used by `--reset-only` and the admin reset). */
export async function dropAll(db: Db): Promise<void> {
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;')
}
