/**
 * A round's outcome as the platform stores it (JSON text, e.g. `{"kind":"table","result":"banker",
 * "player":3,"banker":7}`), read into what a player is shown: a message key and its parts, never the
 * raw text. Parts that are words (a side, a reel symbol) are keys themselves.
 * @module
 */

/** What to show for an outcome: `key` with `params`; `words` name the params that are message keys. */
export interface OutcomeView {
  key: string
  params: Record<string, string | number>
  words: readonly string[]
}

const word = (value: unknown): string => String(value ?? '').replace(/[^A-Za-z0-9]/g, '')
const num = (value: unknown): number => (Number.isFinite(Number(value)) ? Number(value) : 0)

/**
 * Reads a stored outcome. Unknown or unreadable ones give `money_outcome_unknown` (the game's own
 * history has the detail), never the text itself.
 */
export function outcomeView(raw: string): OutcomeView {
  let o: Record<string, unknown>
  try {
    const parsed: unknown = JSON.parse(raw)
    if (!parsed || typeof parsed !== 'object') throw new Error('not an object')
    o = parsed as Record<string, unknown>
  } catch {
    return { key: 'money_outcome_unknown', params: {}, words: [] }
  }
  switch (o.kind) {
    case 'slot': {
      const reels = Array.isArray(o.reels) ? o.reels.map((r) => `money_symbol_${word(r)}`) : []
      return { key: 'money_outcome_slot', params: Object.fromEntries(reels.map((r, i) => [`r${i}`, r])), words: reels.map((_, i) => `r${i}`) }
    }
    case 'table':
      return { key: 'money_outcome_table', params: { result: `money_pick_${word(o.result)}`, player: num(o.player), banker: num(o.banker) }, words: ['result'] }
    case 'match':
      return { key: 'money_outcome_match', params: { result: `money_pick_${word(o.result)}`, home: num(o.home), away: num(o.away) }, words: ['result'] }
    case 'cockfight':
      return { key: 'money_outcome_cockfight', params: { result: `money_pick_${word(o.result)}` }, words: ['result'] }
    case 'lottery':
      return { key: 'money_outcome_lottery', params: { drawn: String(o.drawn ?? '').slice(0, 40) }, words: [] }
    default:
      return { key: 'money_outcome_unknown', params: {}, words: [] }
  }
}
