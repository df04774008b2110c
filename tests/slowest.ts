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
  testResults: Array<{
    name: string
    status?: string
    message?: string
    assertionResults: Array<{ fullName: string; status?: string; duration?: number | null; failureMessages?: string[] | null }>
  }>
}

interface PlaywrightSuite {
  title: string
  file?: string
  specs?: Array<{
    title: string
    line: number
    tests: Array<{ status?: string; results: Array<{ duration: number; status?: string; error?: { message?: string } }> }>
  }>
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

/** The first line of an error that says something (no colour codes, at most 200 characters). */
const firstLine = (message: string | undefined) =>
  (message ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what it strips
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0)
    ?.slice(0, 200) ?? ''

/** A file's unit tests that passed only on a retry: passed, with the failed attempt's error kept. */
const flakyUnitTests = (file: VitestReport['testResults'][number]) => file.assertionResults.filter((t) => t.status === 'passed' && (t.failureMessages?.length ?? 0) > 0)

/** How many unit tests passed only on a retry. */
export const flakyUnitCount = (report: VitestReport | undefined): number => (report?.testResults ?? []).reduce((n, file) => n + flakyUnitTests(file).length, 0)

/**
 * Every failed unit test, every failed or flaky journey and every flaky unit test, each with its first error line: the end of
 * a long log (all a CI page may keep) then still names what broke.
 */
export function failures(vitest: VitestReport | undefined, playwright: PlaywrightReport | undefined): string[] {
  const out: string[] = []
  for (const file of vitest?.testResults ?? []) {
    const failedTests = file.assertionResults.filter((t) => t.status === 'failed')
    for (const t of failedTests) out.push(`✗ unit  ${relative(file.name)} › ${t.fullName}\n    ${firstLine(t.failureMessages?.[0])}`)
    // Passed on CI's retry (vitest.config.ts): its first attempt's error stays in the report.
    for (const t of flakyUnitTests(file)) out.push(`⚠ flaky unit  ${relative(file.name)} › ${t.fullName}\n    ${firstLine(t.failureMessages?.[0])}`)
    // A file that failed outside any test (an import, a hook) has no failed test to name.
    if (failedTests.length === 0 && file.status === 'failed') out.push(`✗ unit  ${relative(file.name)}\n    ${firstLine(file.message)}`)
  }
  const walk = (suite: PlaywrightSuite, file: string, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue
        const error = t.results.find((r) => r.error)?.error?.message
        out.push(`${t.status === 'flaky' ? '⚠ flaky' : '✗ journey'}  ${[`${file}:${spec.line}`, ...titles, spec.title].join(' › ')}\n    ${firstLine(error)}`)
      }
    }
    for (const child of suite.suites ?? []) walk(child, file, [...titles, child.title])
  }
  for (const suite of playwright?.suites ?? []) walk(suite, suite.file ?? suite.title, [])
  return out
}

/** Prints the ten slowest journeys and unit tests of the reports at these paths. */
export function printSlowestOf(paths: { vitest?: string; playwright?: string }): void {
  if (paths.playwright) printSlowest('journeys', playwrightTimes(readJson<PlaywrightReport>(paths.playwright)))
  if (paths.vitest) printSlowest('unit tests', vitestTimes(readJson<VitestReport>(paths.vitest)))
  const failed = failures(paths.vitest ? readJson<VitestReport>(paths.vitest) : undefined, paths.playwright ? readJson<PlaywrightReport>(paths.playwright) : undefined)
  if (failed.length > 0) console.log(`\n── what failed ──\n${failed.join('\n')}`)
}

if (import.meta.main) printSlowestOf({ vitest: process.argv[2] ?? '.tmp/vitest.json', playwright: process.argv[3] ?? '.tmp/playwright.json' })
