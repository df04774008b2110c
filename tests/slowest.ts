/**
 * The slowest tests of a run, from the reports `npm test` writes (.tmp/vitest.json,
 * .tmp/playwright.json). `tests/run.ts` prints them before its summary; run alone
 * (`node tests/slowest.ts`) it prints them for the last run.
 */
import { existsSync, readFileSync } from 'node:fs'

export interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; duration?: number | null }> }>
}

interface PlaywrightSuite {
  title: string
  file?: string
  specs?: Array<{ title: string; line: number; tests: Array<{ results: Array<{ duration: number }> }> }>
  suites?: PlaywrightSuite[]
}
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number }
  suites: PlaywrightSuite[]
}

export interface Timed {
  name: string
  ms: number
}

const relative = (file: string) => file.replace(`${process.cwd()}/`, '')

export function vitestTimes(report: VitestReport | undefined): Timed[] {
  return (report?.testResults ?? []).flatMap((file) => file.assertionResults.map((t) => ({ name: `${relative(file.name)} › ${t.fullName}`, ms: t.duration ?? 0 })))
}

export function playwrightTimes(report: PlaywrightReport | undefined): Timed[] {
  const out: Timed[] = []
  const walk = (suite: PlaywrightSuite, file: string, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      // A retried journey costs every attempt.
      for (const t of spec.tests) out.push({ name: [`${file}:${spec.line}`, ...titles, spec.title].join(' › '), ms: t.results.reduce((n, r) => n + r.duration, 0) })
    }
    for (const child of suite.suites ?? []) walk(child, file, [...titles, child.title])
  }
  for (const suite of report?.suites ?? []) walk(suite, suite.file ?? suite.title, [])
  return out
}

export function printSlowest(title: string, times: Timed[]): void {
  if (times.length === 0) return
  const total = times.reduce((n, t) => n + t.ms, 0)
  console.log(`\n── ten slowest ${title} (of ${times.length}, ${(total / 1000).toFixed(0)} s in all) ──`)
  for (const t of [...times].sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.name}`)
}

/** The JSON report at `path`, or undefined when it is missing or cut short (a step that died mid-write). */
export function readJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T
  } catch {
    return undefined
  }
}

/** Prints the ten slowest journeys and unit tests of the reports at these paths. */
export function printSlowestOf(paths: { vitest?: string; playwright?: string }): void {
  if (paths.playwright) printSlowest('journeys', playwrightTimes(readJson<PlaywrightReport>(paths.playwright)))
  if (paths.vitest) printSlowest('unit tests', vitestTimes(readJson<VitestReport>(paths.vitest)))
}

if (import.meta.main) printSlowestOf({ vitest: process.argv[2] ?? '.tmp/vitest.json', playwright: process.argv[3] ?? '.tmp/playwright.json' })
