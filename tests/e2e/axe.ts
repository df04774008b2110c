/** The axe rules both accessibility sweeps run: WCAG 2.2 AA. */
export const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

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
