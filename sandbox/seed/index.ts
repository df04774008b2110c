/**
 * The demo data, from code: configuration, accounts, the auth extras, then the game catalogue and
 * the content that refers to its games.
 * @module
 */
import { dropAll, migrate, underStartLock, type Db } from '../db/index.ts'
import { validTimeZone } from '../zone.ts'
import { demoPasswordsInUse, seedAccounts } from './accounts.ts'
import { seedConfig } from './config.ts'
import { seedCatalogue } from './catalogue.ts'
import { seedContent } from './content.ts'
import { seedAuth } from '../auth/seed.ts'
import { seedAgentTeam } from '../agent/demo-team.ts'
import { seedAgentAnnouncements } from './agent-announcements.ts'
import type { ScryptCost } from '../auth/password.ts'
import { ensurePlatformKey } from '../auth/rsa.ts'

/** Options of {@link seed}. */
export interface SeedOptions {
  /** scrypt cost of the demo passwords (production cost unless given). */
  cost?: ScryptCost
  /** Create the demo accounts (default true; production creates them only with `--seed-demo`). */
  demoAccounts?: boolean
  /**
   * The demo's content and placeholders (default true): notices, agent announcements, the invented
   * winner board, the analytics id, placeholder customer-service lines. Production seeds none of them.
   */
  demoContent?: boolean
}

/** Seeds an empty, migrated database (deterministic: the same data on every run). */
export async function seed(db: Db, opts: SeedOptions = {}): Promise<void> {
  const demo = opts.demoContent ?? true
  await seedConfig(db, { demo })
  await seedAccounts(db, opts.cost, opts.demoAccounts ?? true)
  await seedAuth(db)
  // Banners, notices and demo01's favourites, rounds and winner board refer to the games.
  await seedContent(db, await seedCatalogue(db), { demo })
  if (demo) await seedAgentAnnouncements(db, Date.now())
  // The key sealed bodies use, made once here (every process on the database then shares it).
  await ensurePlatformKey(db, Date.now())
}

/**
 * Seeds the database when it is empty, under the start lock: instances starting together on one fresh
 * PostgreSQL database seed it once (the others wait, then find it seeded).
 * @returns whether this call seeded it
 */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  return underStartLock(db, async () => {
    if (await isSeeded(db)) return false
    await seed(db, opts)
    return true
  })
}

/** Whether the database already holds the demo data. */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM settings WHERE key = 'brand'")
  return rows[0].n > 0
}

/** Drops everything, migrates and seeds again (`npm run sandbox:reset`, `POST /sandbox/admin/reset`). */
export async function reset(db: Db, opts: SeedOptions = {}): Promise<void> {
  await dropAll(db)
  await migrate(db)
  await seed(db, opts)
}

/**
 * Readies the database `npm start` serves: seeds it when empty (in production without the demo
 * accounts or content unless `seedDemo`) under the start lock, refuses a brand time zone Intl does
 * not know, and in production refuses to go on while a demo account still has its
 * published password, unless the demo was asked for.
 * @throws Error naming the demo accounts that must be removed or given new passwords
 */
export async function prepareForStart(db: Db, opts: { production: boolean; seedDemo: boolean }): Promise<void> {
  const demo = !opts.production || opts.seedDemo
  await underStartLock(db, async () => {
    if (!(await isSeeded(db))) await seed(db, { demoAccounts: demo, demoContent: demo })
    // agent01's demo team and its 90 days (a no-op once there): only here, so test templates stay small.
    if (demo) await seedAgentTeam(db, Date.now())
  })
  // A zone Intl does not know would silently count days in another zone: refused, named.
  const [zone] = await db.query<{ zone: unknown }>(`SELECT value->'timeZone' AS zone FROM settings WHERE key = 'brand'`)
  if (zone && zone.zone !== null && !validTimeZone(zone.zone)) {
    throw new Error(
      `The brand's time zone ${JSON.stringify(zone.zone)} (settings 'brand', timeZone) is not a time zone: write an IANA name such as "Asia/Manila" or "Europe/Madrid".`,
    )
  }
  if (!opts.production || opts.seedDemo) return
  const known = await demoPasswordsInUse(db)
  if (known.length) {
    throw new Error(
      `Refusing to start in production: the demo account(s) ${known.join(', ')} still have their published passwords. ` +
        'Change or remove them, or start with --seed-demo to serve the demo on purpose.',
    )
  }
}
