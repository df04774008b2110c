import { postgresBinDir, startTemplateCluster, template, templateClusterEnv } from '../sandbox/testing.ts'

/**
 * Global setup of Vitest and Playwright: one test-database lifecycle per run. When PostgreSQL's
 * server binaries are installed (CI installs them), it starts one throwaway cluster (fsync,
 * synchronous_commit and full_page_writes off) holding the seeded template database, and points the
 * workers at it through {@link templateClusterEnv}: every sandbox then starts on its own copy of the
 * template (a file copy, about 0.1 s), and every race test file on its own empty database there.
 * Without the binaries, or with `LK_TEST_DB=pglite`, every sandbox starts from the PGlite dump
 * instead (about 2 s of CPU each), and the run says so. The tests that prove the embedded path ask
 * for PGlite themselves (`startSandbox({ engine: 'pglite' })`), whichever the run uses.
 * @returns the teardown, which stops the cluster
 */
export default async function testDatabases(): Promise<(() => Promise<void>) | undefined> {
  const started = Date.now()
  if (process.env.LK_TEST_DB !== 'pglite' && !process.env[templateClusterEnv]) {
    let binaries = true
    try {
      postgresBinDir()
    } catch {
      binaries = false
      console.log('PostgreSQL binaries not found: sandboxes start from PGlite copies (slower).')
    }
    if (binaries) {
      const cluster = await startTemplateCluster()
      process.env[templateClusterEnv] = cluster.url
      console.log(`seeded template database ready on a throwaway PostgreSQL cluster in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      return async () => {
        delete process.env[templateClusterEnv]
        await cluster.stop()
      }
    }
  }
  // Built before any worker starts, so the first file to need it does not pay inside its own hook.
  await template()
  const seconds = (Date.now() - started) / 1000
  if (seconds > 1) console.log(`seeded PGlite template built in ${seconds.toFixed(1)} s`)
  return undefined
}
