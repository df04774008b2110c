/**
 * What the race tests on a real PostgreSQL server share (PGlite has one connection, so it cannot show
 * a race): a throwaway server for the file, the sandbox database on it, and the ledger's checks.
 * Missing binaries fail the file (`startPostgres` says how to install them), never skip it.
 * Test support only: it registers Vitest hooks.
 * @module
 */
import { afterAll, beforeAll } from 'vitest'
import { openDb, type Db } from './db/index.ts'
import { Fail } from './http/fail.ts'
import { throwawayDatabase } from './testing.ts'

/** A server started before the file's tests and stopped after them; read its fields inside tests and hooks. */
export interface PostgresForFile {
  /** The server's connection URL. */
  readonly url: string
}

/** Opened before the file's tests: the migrated sandbox database on the file's own server. */
export interface PostgresDbForFile extends PostgresForFile {
  readonly db: Db
}

const notYet = (what: string): never => {
  throw new Error(`race-testkit: ${what} is ready only inside tests and hooks, after the file's beforeAll`)
}

/**
 * A throwaway PostgreSQL database for this test file (registered as `beforeAll`/`afterAll`): a new
 * database on the run's shared cluster, or a throwaway server when the run has none.
 * Hooks registered after this call run after the server starts and, when they close, before it stops.
 */
export function postgresForFile(): PostgresForFile {
  let server: Awaited<ReturnType<typeof throwawayDatabase>> | undefined
  beforeAll(async () => {
    server = await throwawayDatabase()
  }, 120_000)
  afterAll(() => server?.stop())
  return {
    get url() {
      return server?.url ?? notYet('url')
    },
  }
}

/**
 * A throwaway PostgreSQL server with the sandbox database opened on it (migrated), then `prepare` run
 * once (house accounts, fixtures); the database closes before the server stops.
 * @example const pg = postgresDbForFile(openHouseAccounts) // tests read pg.db
 */
export function postgresDbForFile(prepare?: (db: Db) => Promise<unknown>): PostgresDbForFile {
  const server = postgresForFile()
  let db: Db | undefined
  beforeAll(async () => {
    db = await openDb({ databaseUrl: server.url })
    await prepare?.(db)
  }, 120_000)
  afterAll(() => db?.close())
  return {
    get url() {
      return server.url
    },
    get db() {
      return db ?? notYet('db')
    },
  }
}

/** The error code a refused call answered with: the ledger's own `Fail` code, else the error itself as text. */
export const codeOf = (r: PromiseRejectedResult): string => (r.reason instanceof Fail ? r.reason.code : String(r.reason))

/** Splits settled calls into the fulfilled values and the refusals' codes. */
export function outcomes<T>(results: readonly PromiseSettledResult<T>[]): { won: T[]; lost: string[] } {
  return {
    won: results.filter((r): r is PromiseFulfilledResult<T> => r.status === 'fulfilled').map((r) => r.value),
    lost: results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map(codeOf),
  }
}

/** The sum of every ledger account's balance: 0 while every transaction balances (debits = credits). */
export const ledgerSum = async (db: Db): Promise<number> => Number((await db.query<{ s: number }>('SELECT SUM(balance)::int8 AS s FROM ledger_accounts'))[0].s)

/** The lowest balance `account` ever had after an entry: below 0 means it was overdrawn at some point. */
export const minBalanceAfter = async (db: Db, account: string): Promise<number> =>
  Number((await db.query<{ m: number }>('SELECT MIN(balance_after)::int8 AS m FROM ledger_entries WHERE account_id = $1', [account]))[0].m)

/**
 * A slot game (and its vendor) for rounds played straight through `playRound`; answers the game as
 * `playRound` takes it. Adding the same game again changes nothing.
 */
export async function insertSlot(db: Db, nodeId: string, vendor: string): Promise<{ nodeId: string; gameType: 'RNG'; minBet: number }> {
  await db.query(
    `INSERT INTO vendors (code, name, game_type, menu_type, account_type_id, account_type_name, color, sort)
      VALUES ($1, $1, 'RNG', 'RNG', 1, $1, '#000', 1) ON CONFLICT DO NOTHING`,
    [vendor],
  )
  await db.query(
    `INSERT INTO games (node_id, game_code, code, vendor, game_type, game_group_code, game_classify, name_en, name_es, min_bet)
      VALUES ($1, $1, $1, $2, 'RNG', 'SLOT', 'SLOT', $1, $1, 100) ON CONFLICT DO NOTHING`,
    [nodeId, vendor],
  )
  return { nodeId, gameType: 'RNG', minBet: 100 }
}

/** A spin outcome for `playRound` that loses (the top of every range is a losing slot spin). */
export const losingSpin = (max: number): number => max - 1
