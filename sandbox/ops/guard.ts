/**
 * The guard of the commands that wipe or seed a database (`npm run sandbox:reset`, `--seed-demo`):
 * they refuse a production start (`NODE_ENV=production`) and a database holding members the demo did
 * not create, unless the command names the database it is about to change (`--yes-wipe=<name>`,
 * `--yes-seed=<name>`): a command copied from a guide onto the wrong server stops, saying why.
 * @module
 */
import { resolve } from 'node:path'
import type { Queryable } from '../db/index.ts'
import { TRIAL } from '../auth/members.ts'
import { demoAccounts } from '../seed/accounts.ts'

/** What the command is about to do: `wipe` (drop everything, seed again) or `seed` (add the demo accounts). */
export type GuardedAction = 'wipe' | 'seed'

/** The flag that confirms `action` on a database, as typed on the command line. */
export const confirmFlag = (action: GuardedAction): string => (action === 'wipe' ? '--yes-wipe' : '--yes-seed')

/**
 * The database's name as the confirming flag takes it: PostgreSQL's database name (from
 * `DATABASE_URL`), or the PGlite data directory as given (`.data`).
 */
export function databaseName(target: { databaseUrl?: string; dataDir: string }): string {
  if (target.databaseUrl) {
    try {
      return decodeURIComponent(new URL(target.databaseUrl).pathname.replace(/^\//, '')) || 'postgres'
    } catch {
      return target.databaseUrl
    }
  }
  return target.dataDir
}

/** Whether `given` (the flag's value) names the database `name` (a data directory: the same folder). */
const names = (given: string, name: string, pglite: boolean): boolean => given === name || (pglite && resolve(given) === resolve(name))

/** The value of `--flag=value` in `argv` (undefined when absent). */
export const flagValue = (argv: readonly string[], flag: string): string | undefined => argv.find((a) => a.startsWith(`${flag}=`))?.slice(flag.length + 1)

/** Whether a username is one the demo creates: a demo account, agent01's demo team, or a free-play trial. */
const demoTeam = /^(ta\d{2}|tb\d{2}|tm\d{3})$/

/**
 * How many members the demo did not create: not a demo account, not agent01's demo team, not a
 * free-play trial account. 0 on a database not migrated yet.
 */
export async function realMembers(q: Queryable): Promise<number> {
  const [{ present }] = await q.query<{ present: boolean }>("SELECT to_regclass('public.members') IS NOT NULL AS present")
  if (!present) return 0
  const rows = await q.query<{ username: string }>('SELECT username FROM members WHERE type <> $1 AND NOT (lower(username) = ANY($2::text[]))', [
    TRIAL,
    demoAccounts.map((a) => a.username.toLowerCase()),
  ])
  return rows.filter((r) => !demoTeam.test(r.username.toLowerCase())).length
}

/**
 * Why `action` must not run on this database, as one line, or null when it may: refused in production
 * or with real members unless `argv` holds the confirming flag with the database's name.
 */
export async function refusal(
  q: Queryable,
  opts: { action: GuardedAction; production: boolean; argv: readonly string[]; databaseUrl?: string; dataDir: string },
): Promise<string | null> {
  const name = databaseName(opts)
  const flag = confirmFlag(opts.action)
  const given = flagValue(opts.argv, flag)
  if (given !== undefined && names(given, name, !opts.databaseUrl)) return null
  const members = await realMembers(q)
  if (!opts.production && members === 0) return null
  const why = [opts.production && 'NODE_ENV=production', members > 0 && `it holds ${members} member${members === 1 ? '' : 's'} the demo did not create`]
    .filter(Boolean)
    .join(' and ')
  const verb = opts.action === 'wipe' ? 'wipe' : 'seed the demo accounts into'
  const wrong = given !== undefined ? ` (${flag}=${given} names another database)` : ''
  return `Refusing to ${verb} database "${name}": ${why}${wrong}. If you mean it, run the command again with ${flag}=${name}`
}
