import { postgresBinDir, startTemplateCluster, template, templateClusterEnv } from '../sandbox/testing.ts'

/**
 * Starts the run's throwaway PostgreSQL cluster (fsync, synchronous_commit and full_page_writes off)
 * holding the seeded template database, and points every worker started afterwards at it through
 * {@link templateClusterEnv}. Nothing when the run already has one (`npm test` starts it for both
 * tools), asks for PGlite (`LK_TEST_DB=pglite`), or has no PostgreSQL binaries.
 * @returns the teardown, which stops the cluster; `undefined` when none was started
 */
export async function startRunCluster(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.LK_TEST_DB === 'pglite' || process.env[templateClusterEnv]) return undefined
  try {
    postgresBinDir()
  } catch {
    return undefined
  }
  const cluster = await startTemplateCluster()
  process.env[templateClusterEnv] = cluster.url
  return async () => {
    delete process.env[templateClusterEnv]
    await cluster.stop()
  }
}

/**
 * Global setup of Vitest and Playwright: one test-database lifecycle per run. When PostgreSQL's
 * server binaries are installed (CI installs them), every sandbox starts on its own copy of the
 * template in the run's cluster ({@link startRunCluster}; a file copy, about 0.1 s), and every race
 * test file on its own empty database there. Without the binaries, or with `LK_TEST_DB=pglite`, every
 * sandbox starts from the PGlite dump instead (about 2 s of CPU each), and the run says so. The tests
 * that prove the embedded path ask for PGlite themselves (`startSandbox({ engine: 'pglite' })`, which
 * builds the dump when first asked), whichever the run uses.
 * @returns the teardown, which stops the cluster this setup started
 */
export default async function testDatabases(): Promise<(() => Promise<void>) | undefined> {
  const started = Date.now()
  const stop = await startRunCluster()
  if (stop) console.log(`seeded template database ready on a throwaway PostgreSQL cluster in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  // A cluster, this setup's or the run's: the PGlite dump is built only if a test asks for it.
  if (process.env[templateClusterEnv]) return stop
  if (process.env.LK_TEST_DB !== 'pglite') console.log('PostgreSQL binaries not found: sandboxes start from PGlite copies (slower).')
  // Built before any worker starts, so the first file to need it does not pay inside its own hook.
  await template()
  const seconds = (Date.now() - started) / 1000
  if (seconds > 1) console.log(`seeded PGlite template built in ${seconds.toFixed(1)} s`)
  return undefined
}
