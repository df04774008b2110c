import { describe, expect, it } from 'vitest'
import { failures, flakyUnitCount, type PlaywrightReport, type VitestReport } from './slowest.ts'

// What a CI page keeps is the end of the log: the summary must name what broke, with its first error line.
describe('the failure list printed before the summary', () => {
  it('names each failed or flaky unit test and failed or flaky journey with its first error line, and nothing that passed', () => {
    const vitest: VitestReport = {
      numPassedTests: 1,
      numFailedTests: 1,
      numPendingTests: 0,
      testResults: [
        {
          name: `${process.cwd()}/sandbox/a.test.ts`,
          status: 'failed',
          assertionResults: [
            { fullName: 'a passes', status: 'passed', duration: 5 },
            { fullName: 'a passes on its retry', status: 'passed', duration: 7, failureMessages: ['Error: Test timed out in 300000ms.'] },
            { fullName: 'a fails', status: 'failed', duration: 9, failureMessages: ['\n\x1b[31mAssertionError: expected 1 to be 2\x1b[39m\n    at a.test.ts:3'] },
          ],
        },
        { name: `${process.cwd()}/sandbox/b.test.ts`, status: 'failed', message: 'Error: Cannot find module x', assertionResults: [] },
      ],
    }
    const spec = (title: string, line: number, status: string, message?: string) => ({
      title,
      line,
      tests: [{ status, results: [{ duration: 1, status: message ? 'failed' : 'passed', error: message ? { message } : undefined }] }],
    })
    const playwright: PlaywrightReport = {
      stats: { expected: 1, unexpected: 1, skipped: 0, flaky: 1 },
      suites: [
        {
          title: 'x.spec.ts',
          file: 'x.spec.ts',
          specs: [spec('fine', 1, 'expected'), spec('broken', 2, 'unexpected', 'Error: expect(locator).toBeVisible() failed\n\nLocator: x')],
          suites: [{ title: 'group', specs: [spec('shaky', 3, 'flaky', 'Error: timed out')] }],
        },
      ],
    }
    expect(failures(vitest, playwright)).toEqual([
      '✗ unit  sandbox/a.test.ts › a fails\n    AssertionError: expected 1 to be 2',
      '⚠ flaky unit  sandbox/a.test.ts › a passes on its retry\n    Error: Test timed out in 300000ms.',
      '✗ unit  sandbox/b.test.ts\n    Error: Cannot find module x',
      '✗ journey  x.spec.ts:2 › broken\n    Error: expect(locator).toBeVisible() failed',
      '⚠ flaky  x.spec.ts:3 › group › shaky\n    Error: timed out',
    ])
    expect(flakyUnitCount(vitest)).toBe(1)
  })

  it('is empty when nothing failed or no report was written', () => {
    expect(failures(undefined, undefined)).toEqual([])
  })
})
