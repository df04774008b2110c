import { AxeBuilder } from '@axe-core/playwright'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright/test'

/** The axe rules both accessibility sweeps run: WCAG 2.2 AA. */
export const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** axe-core as @axe-core/playwright (the dev dependency) has it, for injecting by hand. */
const axeSource = readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8')

/** What the sweeps read of an axe violation. */
export interface Violation {
  id: string
  impact?: string | null
  nodes: { target: unknown[] }[]
}

/** The serious and critical violations, one line each (rule, impact, the first three places). */
export const seriousLines = (violations: readonly Violation[]): string[] =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    )

/**
 * The serious and critical violations of one axe run in the page as it is now: axe is injected once
 * per document (when the page has none yet) and run there, on `include` (default the whole page) less
 * `exclude`, with the WCAG 2.2 AA tags or only `rules`.
 */
export async function runAxe(page: Page, scope: { include?: string; exclude?: string[]; rules?: readonly string[] } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const found = await page.evaluate(
    async ({ include, exclude, rules, tags }) => {
      type Result = { violations: { id: string; impact?: string; nodes: { target: string[] }[] }[] }
      const axe = (window as unknown as { axe: { run(ctx: object, opts: object): Promise<Result> } }).axe
      const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags }
      const result = await axe.run({ include: [[include]], exclude: exclude.map((selector) => [selector]) }, { runOnly, resultTypes: ['violations'] })
      // Plain data out of the page: the lines are written here, in the test.
      return result.violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.map(({ target }) => ({ target })) }))
    },
    { include: scope.include ?? 'html', exclude: scope.exclude ?? [], rules: scope.rules, tags: wcag },
  )
  return seriousLines(found)
}

/**
 * The serious and critical WCAG 2.2 AA violations on the page now, or inside `include` (a selector),
 * from {@link runAxe}. AxeBuilder injects axe again on every call and finishes each run in a new blank
 * tab (where it is injected once more), which made a journey of twenty checks spend most of its time
 * there; it is still used when the page has frames, which only it reaches into.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).withTags(wcag)
    if (include) builder.include(include)
    return seriousLines((await builder.analyze()).violations)
  }
  return runAxe(page, { include })
}
