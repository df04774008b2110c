import { postgresBinDir, startTemplateCluster, templateClusterEnv } from '../../sandbox/testing.ts'
import buildTemplate from '../template-setup.ts'

/**
 * Global setup of the browser journeys. Each journey gets a fresh sandbox; when PostgreSQL's server
 * binaries are installed (CI installs them), every sandbox runs on its own copy of one seeded template
 * database in a throwaway cluster, so starting one costs a file copy instead of loading a PGlite dump
 * (about 2 s of CPU each, a third of a short journey). The unit tests keep running on PGlite, so both
 * engines the sandbox supports are exercised end to end. `LK_TEST_DB=pglite` runs the journeys on
 * PGlite too; without the binaries they fall back to it, and say so.
 * @returns the teardown, which stops the cluster
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.LK_TEST_DB !== 'pglite') {
    let binaries = true
    try {
      postgresBinDir()
    } catch {
      binaries = false
      console.log('PostgreSQL binaries not found: the journeys run on PGlite copies (slower to start).')
    }
    if (binaries) {
      const started = Date.now()
      const cluster = await startTemplateCluster()
      process.env[templateClusterEnv] = cluster.url
      console.log(`seeded template database ready on a throwaway PostgreSQL cluster in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      return () => cluster.stop()
    }
  }
  await buildTemplate()
  return undefined
}
