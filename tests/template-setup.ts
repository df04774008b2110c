import { template } from '../sandbox/testing.ts'

/**
 * Global setup of Vitest and Playwright: builds the seeded database template once, before any
 * worker starts, so the first test file to start a sandbox does not pay for the build inside its
 * own hook or test timeout (about 10 s quiet, over a minute on a loaded machine).
 */
export default async function buildTemplate(): Promise<void> {
  const started = Date.now()
  await template()
  const seconds = (Date.now() - started) / 1000
  if (seconds > 1) console.log(`seeded database template built in ${seconds.toFixed(1)} s`)
}
