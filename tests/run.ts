/**
 * `npm test`: format and lint (Biome), build, then Playwright journeys in Chromium against the built
 * site, typecheck, and unit tests (Vitest, real sandboxes on port 0). Ends with one summary line:
 * `N passed, N failed`.
 *
 * The unit tests depend on nothing else: they start at once, beside the rest. The journeys, the
 * longest step, start as soon as the build is done, on the one build all of them share; the
 * typecheck runs beside them (tsc reads the content types the build wrote). Output of a step run
 * beside another is kept and printed whole when it ends, so it does not interleave. Before the
 * summary come each step's time and the machine's load average as it started and ended, the wall
 * time against the budget and the ten slowest journeys and unit tests (`node tests/slowest.ts`
 * prints them again), so a slower suite shows in the run that made it slower, and a busy machine
 * shows as one.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { availableParallelism, loadavg, setPriority } from 'node:os'
import { flakyUnitCount, printSlowestOf, readJson, type PlaywrightReport, type VitestReport } from './slowest.ts'
import { startRunCluster } from './template-setup.ts'

interface Step extends Ran {
  name: string
  passed: number
  failed: number
  skipped: number
}

interface Ran {
  ok: boolean
  seconds: number
  /** The machine's one-minute load average when the step started and when it ended. */
  load: [number, number]
}

/** The one-minute load average: above the core count, the machine was busy, whatever the tests did. */
const loadNow = () => loadavg()[0]
const loadText = ([from, to]: [number, number]) => `load ${from.toFixed(1)} → ${to.toFixed(1)}`

/** What `npm test` should take on the 2-core CI machine; above it the run says so. */
const budgetSeconds = 12 * 60
const vitestReport = '.tmp/vitest.json'
const tsc = 'node_modules/typescript-native/bin/tsc'
const playwrightReport = '.tmp/playwright.json'

/**
 * The niceness of the steps off the critical path (the unit tests, the typecheck): the build and then
 * the journeys are the run's critical path, and on two cores every second of CPU another step takes
 * from them lengthens the run by about half a second.
 */
const backgroundPriority = 10

const startedAt = Date.now()
const loadAtStart = loadNow()
const cores = availableParallelism()
console.log(`npm test on ${cores} cores, ${loadText([loadAtStart, loadAtStart]).replace(/ →.*/, '')} at start`)
mkdirSync('.tmp', { recursive: true })
// Every Node process of the run (Vitest and Playwright workers, the sandboxes the start and guard tests
// spawn) keeps the code it compiled in one cache, so the next process to load the same modules skips
// compiling them (about a tenth of the unit tests' CPU).
process.env.NODE_COMPILE_CACHE ??= resolve('.tmp/node-compile-cache')
const children = new Set<ChildProcess>()

/**
 * Runs a command. `shared` steps run beside others: their output is collected and printed in one
 * block when they end. A step alone prints as it goes.
 */
function run(name: string, command: string, args: string[], opts: { env?: Record<string, string>; shared?: boolean; background?: boolean } = {}): Promise<Ran> {
  const started = Date.now()
  const loadFrom = loadNow()
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}${opts.shared ? ' (output when it ends)' : ''}`)
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: opts.shared ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...opts.env } })
    children.add(child)
    // A background step yields the cores to the steps the run waits for: its processes (and the workers
    // they start, which inherit it) take what the build and the journeys leave idle.
    if (opts.background && child.pid) {
      try {
        setPriority(child.pid, backgroundPriority)
      } catch {
        // Not allowed here: the step runs at the run's own priority.
      }
    }
    const out: Buffer[] = []
    child.stdout?.on('data', (b: Buffer) => out.push(b))
    child.stderr?.on('data', (b: Buffer) => out.push(b))
    let ended = false
    // A child that cannot start reports 'error' and then 'close': the step ends once.
    const done = (code: number | null) => {
      if (ended) return
      ended = true
      children.delete(child)
      const seconds = (Date.now() - started) / 1000
      const load: [number, number] = [loadFrom, loadNow()]
      if (opts.shared) {
        console.log(`\n── ${name} (${seconds.toFixed(1)} s, ${loadText(load)}) ──`)
        process.stdout.write(Buffer.concat(out))
      }
      resolve({ ok: code === 0, seconds, load })
    }
    child.on('error', (err) => {
      out.push(Buffer.from(`${err.message}\n`))
      done(null)
    })
    child.on('close', done)
  })
}

/**
 * One test-database lifecycle for the whole run: the unit tests and the journeys share one throwaway
 * PostgreSQL cluster holding the seeded template (tests/template-setup.ts starts one per tool when run
 * alone). Built beside the lint and the build, so neither step waits for it, and seeded once instead of
 * twice; the journeys' set-up then finds it ready after the build instead of seeding on the critical path.
 * Without the PostgreSQL binaries, or with `LK_TEST_DB=pglite`, each tool falls back as it would alone.
 */
async function sharedTemplate(): Promise<(() => Promise<void>) | undefined> {
  const started = Date.now()
  const stop = await startRunCluster()
  if (stop) console.log(`\nseeded template database for the unit tests and the journeys in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return stop
}

// Ctrl-C stops the steps under way too, and the cluster.
process.on('SIGINT', () => {
  for (const child of children) child.kill('SIGINT')
  void stopCluster().finally(() => process.exit(130))
})

const only = process.argv.slice(2)
const wants = (step: string) => only.length === 0 || only.includes(step)

// Stale reports must not stand in for a step that failed before writing its own.
if (wants('unit')) rmSync(vitestReport, { force: true })
if (wants('e2e')) rmSync(playwrightReport, { force: true })

async function typecheck(): Promise<Step> {
  // TypeScript 7 (the native compiler, `typescript-native`) checks the tree in a few seconds of CPU where
  // TypeScript 5's tsc took about 45; TypeScript 5 stays as `typescript` for the scripts that use its API.
  const check = await run('typecheck', 'node', [tsc, '--noEmit', '-p', 'tsconfig.json'], { shared: true, background: true })
  return { name: 'typecheck', passed: check.ok ? 1 : 0, failed: check.ok ? 0 : 1, skipped: 0, ...check }
}

async function unit(): Promise<Step> {
  // Beside the journeys, the unit tests run in the background (serially, they have the machine).
  const r = await run('unit tests', 'vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`], { shared: true, background: !serial })
  const report = readJson<VitestReport>(vitestReport)
  const failed = report ? report.numFailedTests : 1
  const flaky = flakyUnitCount(report)
  if (flaky) console.log(`⚠ ${flaky} unit test(s) passed only on retry (named under "what failed")`)
  return { name: 'unit', passed: report?.numPassedTests ?? 0, failed: r.ok ? failed : Math.max(failed, 1), skipped: report?.numPendingTests ?? 0, ...r }
}

/**
 * Biome's check of the whole tree: formatting as committed, and no lint error (hooks rules, import
 * cycles, the recommended rules; warnings are advice). `npx biome check --write .` fixes what it can.
 */
async function lint(): Promise<Step> {
  const r = await run('format and lint', 'biome', ['ci', '--colors=off', '--reporter=summary', '--max-diagnostics=50', '.'], { shared: true })
  return { name: 'lint', passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, skipped: 0, ...r }
}

const steps: Step[] = []

/**
 * The browser journeys on the build: they start as soon as the build is done, beside the unit tests
 * still running. Neither keeps both cores busy alone (the journeys wait on pages, polls and timers,
 * the unit tests on their sandboxes), so together they finish sooner than one after the other; the
 * journeys tolerate the load (the waits are web-first, with one retry on CI). `LK_TEST_SERIAL=1`
 * runs the journeys after the unit tests instead, with the machine to themselves.
 */
async function journeys(build: Ran): Promise<Step> {
  if (!build.ok) return { name: 'build', passed: 0, failed: 1, skipped: 0, ...build }
  await ready
  const r = await run('browser journeys', 'playwright', ['test'], { env: { LK_REPORTER: 'json' } })
  const report = readJson<PlaywrightReport>(playwrightReport)
  // A flaky journey failed once and passed on its retry: it counts as passed, and is named here.
  const failed = report ? report.stats.unexpected : 1
  const passed = report ? report.stats.expected + report.stats.flaky : 0
  if (report?.stats.flaky) console.log(`⚠ ${report.stats.flaky} journey(s) passed only on retry (see the list above)`)
  return { name: 'e2e', passed, failed: r.ok ? failed : Math.max(failed, 1), skipped: report?.stats.skipped ?? 0, ...r }
}

// Astro generates the `astro:content` types into .astro/ (not committed); a fresh clone needs them
// before tsc, and `astro build` rewrites that folder, so tsc starts once the build is done.
const serial = process.env.LK_TEST_SERIAL === '1'
const clusterReady = wants('unit') || wants('e2e') ? sharedTemplate() : Promise.resolve(undefined)
// Stopping twice is harmless (the cluster's stop runs once): at the end, and on Ctrl-C.
const stopCluster = async () => (await clusterReady.catch(() => undefined))?.()
// A cluster that cannot start fails no step here: each tool's own set-up then tries, and says why.
const ready = clusterReady.then(
  () => undefined,
  (err: Error) => console.log(`\nthe shared template cluster did not start (${err.message}); each tool starts its own`),
)
const unitStep = wants('unit') ? ready.then(unit) : undefined
const lintStep = wants('lint') ? await lint() : undefined
// The journeys are the longest step, so their build comes first and the typecheck runs beside them.
// `astro build` writes the `astro:content` types tsc reads (into .astro/); without a build that
// succeeded, `astro sync` writes them first.
const buildStep = wants('e2e') ? await run('build', 'npm', ['run', 'build'], { shared: true }) : undefined
if (serial) await unitStep
const journeyStep = buildStep ? journeys(buildStep) : undefined
const sync = wants('typecheck')
  ? buildStep?.ok
    ? { ok: true, seconds: 0, load: [loadNow(), loadNow()] as [number, number] }
    : await run('astro sync', 'astro', ['sync'])
  : undefined
const typecheckStep = wants('typecheck') ? await typecheck() : undefined

if (lintStep) steps.push(lintStep)
if (typecheckStep) {
  const t = typecheckStep
  const ok = t.ok && sync!.ok
  steps.push({ ...t, ok, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: t.seconds + sync!.seconds, load: [sync!.load[0], t.load[1]] })
}
if (unitStep) steps.push(await unitStep)
if (journeyStep) steps.push(await journeyStep)

await stopCluster()
printSlowestOf({ playwright: wants('e2e') ? playwrightReport : undefined, vitest: wants('unit') ? vitestReport : undefined })

const wall = (Date.now() - startedAt) / 1000
console.log('\n── summary ──')
for (const s of steps) console.log(`${s.ok ? '✓' : '✗'} ${s.name}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (${s.seconds.toFixed(1)} s, ${loadText(s.load)})`)
if (buildStep?.ok) console.log(`  (build ${buildStep.seconds.toFixed(1)} s, before the journeys${serial ? '' : ', which ran beside the unit tests'})`)
// The load says whether a slow run was a slow machine (load well above the cores, from other work)
// or slow tests (load near the cores the suite itself uses).
const loadAtEnd = loadNow()
const busy = Math.max(loadAtStart, loadAtEnd) > cores * 2 ? ` — a busy machine (load above ${cores * 2} on ${cores} cores): compare times with a quiet run` : ''
console.log(
  `wall time ${wall.toFixed(0)} s, ${loadText([loadAtStart, loadAtEnd])}${busy}${only.length === 0 && wall > budgetSeconds ? ` ⚠ over the ${budgetSeconds / 60}-minute budget: see the slowest tests above` : ''}`,
)
const passed = steps.reduce((n, s) => n + s.passed, 0)
const failed = steps.reduce((n, s) => n + s.failed, 0)
const skipped = steps.reduce((n, s) => n + s.skipped, 0)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed === 0 && steps.every((s) => s.ok) ? 0 : 1)
