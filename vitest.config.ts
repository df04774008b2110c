import { defineConfig } from 'vitest/config'

// Unit tests live beside their modules; tests/contract holds cross-room contract tests; tests/security
// replays attacks against a real sandbox.
// Playwright journeys (tests/e2e) are run by Playwright, not Vitest.
//
// Two projects, one per kind of module state, both in reused workers (`isolate: false`: no new
// process and Vitest per file, which cost the 95 client files about 60 % of their CPU), and a third
// for the few client files that need a worker each (`client-isolated`, below):
// - `platform` (the sandbox, scripts, contract and security tests): each file starts its own sandbox
//   on its own database copy and keeps no state in modules, so files share the module graph too.
// - `client` (sdk and widgets): the stores are module-level by design (one page, one store), and a
//   file's stores must start empty, so tests/fresh-modules.ts empties the module registry before each
//   file imports anything and undoes the globals, timers and spies it leaves. Files shuffled
//   (`--sequence.shuffle.files`) pass as in order.

/**
 * Client files that wait for every nanostores task (`allTasks()`): nanostores is a dependency, which
 * emptying the module registry does not reload, so in a shared worker a task another file left pending
 * kept their waits open (widgets/embed/server.test.ts timed out in every hook in a full run). They get
 * a worker each, as before.
 */
const waitsForEveryTask = ['sdk/stores/query.test.ts', 'sdk/lottery/lobby.test.ts', 'sdk/auth/captcha.test.ts', 'widgets/embed/server.test.ts']

export default defineConfig({
  test: {
    exclude: ['node_modules', 'dist', '.data', 'tests/e2e/**'],
    // A timeout here only catches a hang; it never measures speed (that is `npm run bench`). `npm test`
    // runs these tests at low priority beside the journeys, where a test that needs 20 s of a quiet
    // core can wait two minutes for it (the ledger audit's command-line test timed out at 120 s on CI):
    // one generous limit for every test and hook, none of their own below it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // On CI a failed test runs once more, as a failed journey does (playwright.config.ts): a test that
    // starves for minutes beside the journeys failed two CI runs in a row on a loaded machine (a time-out
    // in one, the SMTP client's connection time-out in the next). One that passes only on its retry is
    // still named, as flaky, with its first error, under "what failed" in `npm test`'s summary.
    retry: process.env.CI ? 1 : 0,
    // One test-database lifecycle per run: one PostgreSQL cluster holding the seeded template (or the
    // PGlite dump without the binaries), built here before any worker starts.
    globalSetup: ['tests/template-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'platform',
          include: ['sandbox/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/security/**/*.test.ts', 'site/lib/**/*.test.ts', 'tests/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['sdk/**/*.test.ts', 'widgets/**/*.test.{ts,tsx}'],
          exclude: waitsForEveryTask,
          isolate: false,
          setupFiles: ['tests/fresh-modules.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'client-isolated',
          include: waitsForEveryTask,
          isolate: true,
        },
      },
    ],
  },
})
