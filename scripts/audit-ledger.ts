/**
 * `npm run audit:ledger [-- --days N] [-- --json]`: audits the sandbox ledger (sandbox/audit.ts) and
 * exits 0 when it is consistent, 1 when it is not, 2 when it could not look (no database, or the
 * PGlite directory held by a running sandbox).
 *
 * Environment: DATABASE_URL (PostgreSQL), else DATA_DIR (the PGlite directory, `.data`). A PGlite
 * directory has one user at a time: stop `npm start` first, or audit a copy of the directory.
 * @module
 */
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { auditLedger, formatAudit } from '../sandbox/audit.ts'
import { openDb, type Db } from '../sandbox/db/index.ts'
import { DataDirInUse, lockDataDir } from '../sandbox/db/lock.ts'

const { values } = parseArgs({ options: { days: { type: 'string', default: '30' }, json: { type: 'boolean', default: false } } })
const days = Number(values.days)
if (!Number.isInteger(days) || days < 1 || days > 3660) {
  console.error(`audit:ledger: --days takes a whole number of days from 1 to 3660, got "${values.days}"`)
  process.exit(2)
}
const databaseUrl = process.env.DATABASE_URL || undefined
const dataDir = process.env.DATA_DIR || '.data'

let db: Db
try {
  if (!databaseUrl) {
    // Auditing must not create an empty database where none was.
    if (!existsSync(dataDir)) throw new Error(`no sandbox database in ${dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`)
    lockDataDir(dataDir)
  }
  db = await openDb({ dataDir, databaseUrl, migrate: false })
} catch (err) {
  const reason =
    err instanceof DataDirInUse
      ? `${dataDir} is in use by a running sandbox${err.pid ? ` (process ${err.pid})` : ''}: stop it first, or audit a copy of the directory`
      : (err as Error).message
  console.error(`audit:ledger: ${reason}`)
  process.exit(2)
}
try {
  const report = await auditLedger(db, { days })
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatAudit(report))
  process.exitCode = report.ok ? 0 : 1
} catch (err) {
  console.error(`audit:ledger: could not read the ledger: ${(err as Error).message}`)
  process.exitCode = 2
} finally {
  await db.close()
}
