/**
 * Runs `npm run audit:ledger`'s script (scripts/audit-ledger.ts) as a child process for the audit's
 * tests, on PGlite and on PostgreSQL. Test support only.
 * @module
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** What the script printed and its exit code. */
export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs the script with these environment variables over the test's own. */
export async function cliWith(env: Record<string, string>, args: string[] = []): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/audit-ledger.ts', ...args], { env: { ...process.env, ...env } })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

/** Runs the script on a PGlite directory. */
export const cli = (dataDir: string, ...args: string[]): Promise<CliResult> => cliWith({ DATA_DIR: dataDir, DATABASE_URL: '' }, args)
