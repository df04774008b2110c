/**
 * The demo data, from code: configuration, accounts, the auth extras, then the game catalogue.
 * @module
 */
import { dropAll, migrate, type Db } from '../db/index.ts'
import { seedAccounts } from './accounts.ts'
import { seedConfig } from './config.ts'
import { seedCatalogue } from './catalogue.ts'
import { seedAuth } from '../auth/seed.ts'
import type { ScryptCost } from '../auth/password.ts'

/** Options of {@link seed}: the scrypt cost of the demo passwords (production cost unless given). */
export interface SeedOptions {
  cost?: ScryptCost
}

/** Seeds an empty, migrated database (deterministic: the same data on every run). */
export async function seed(db: Db, opts: SeedOptions = {}): Promise<void> {
  await seedConfig(db)
  await seedAccounts(db, opts.cost)
  await seedAuth(db)
  await seedCatalogue(db)
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
