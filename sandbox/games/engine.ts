import type { GameType } from '../../sdk/contract/all.ts'

/** Which demo game a category plays. */
export type GameKind = 'slot' | 'table' | 'match' | 'cockfight' | 'lottery'

/** The demo game of a category. */
export function kindOf(gameType: GameType): GameKind {
  switch (gameType) {
    case 'LIVE':
      return 'table'
    case 'SPORTS':
    case 'ESPORTS':
      return 'match'
    case 'COCKFIGHT':
      return 'cockfight'
    case 'ELOTT':
    case 'LOTT':
      return 'lottery'
    default:
      return 'slot'
  }
}

/** Valid choices per kind; the first is the default. A slot takes no choice. */
export const choicesOf: Record<GameKind, readonly string[]> = {
  slot: [''],
  table: ['player', 'banker', 'tie'],
  match: ['home', 'draw', 'away'],
  cockfight: ['meron', 'wala', 'draw'],
  lottery: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
}

/** Slot reel symbols, best first. */
export const slotSymbols = ['SEVEN', 'BAR', 'BELL', 'CHERRY', 'LEMON', 'STAR'] as const

/** What happened in a round: shown by the page, stored with the round. */
export type Outcome =
  | { kind: 'slot'; reels: string[] }
  | { kind: 'table'; result: 'player' | 'banker' | 'tie'; player: number; banker: number }
  | { kind: 'match' | 'cockfight'; result: string; home: number; away: number }
  | { kind: 'lottery'; drawn: string }

/** A drawn round: the outcome and the payout multiplier in hundredths (196 = pays 1.96 × stake). */
export interface Draw {
  outcome: Outcome
  multiplier100: number
}

/** Uniform integer in [0, max): `crypto.randomInt` in production, a seeded source in the seed. */
export type RandomInt = (max: number) => number

// Every bet of every kind returns 96% of stakes on average (house edge 4%); engine.test.ts checks the sums.
// Slot: out of 1000 — 2 × SEVEN pays 50, 6 × BAR 20, 12 × BELL 10, 24 × other triple 5, 250 × pair 2.
const slotTable: readonly [number, number, string | null][] = [
  [2, 5000, 'SEVEN'],
  [8, 2000, 'BAR'],
  [20, 1000, 'BELL'],
  [44, 500, null],
  [294, 200, 'PAIR'],
]
/** Odds in hundredths per choice; probabilities out of 100 per result. */
const tableOdds = { player: 200, banker: 200, tie: 2400 } as const
const tableChance = { player: 48, banker: 48, tie: 4 } as const
const matchOdds = { home: 213, draw: 384, away: 320 } as const
const matchChance = { home: 45, draw: 25, away: 30 } as const
const cockOdds = { meron: 200, wala: 200, draw: 2400 } as const
const cockChance = { meron: 48, wala: 48, draw: 4 } as const

/** Payout odds (hundredths) of each choice, shown on the page. */
export const oddsOf: Record<GameKind, Record<string, number>> = {
  slot: { '': 0 },
  table: tableOdds,
  match: matchOdds,
  cockfight: cockOdds,
  lottery: Object.fromEntries(choicesOf.lottery.map((c) => [c, 960])),
}

function fromChances<K extends string>(chances: Record<K, number>, r: number): K {
  let acc = 0
  for (const key of Object.keys(chances) as K[]) {
    acc += chances[key]
    if (r < acc) return key
  }
  throw new Error('chances must sum to 100')
}

function distinct(rnd: RandomInt, n: number, except: string[] = []): string[] {
  const pool = slotSymbols.filter((s) => !except.includes(s))
  const out: string[] = []
  while (out.length < n) out.push(pool.splice(rnd(pool.length), 1)[0])
  return out
}

function drawSlot(rnd: RandomInt): Draw {
  const r = rnd(1000)
  const hit = slotTable.find(([upTo]) => r < upTo)
  if (!hit) return { outcome: { kind: 'slot', reels: distinct(rnd, 3) }, multiplier100: 0 }
  const [, multiplier100, symbol] = hit
  if (symbol === 'PAIR') {
    const [same, other] = distinct(rnd, 2)
    const reels = [same, same, same]
    reels[rnd(3)] = other
    return { outcome: { kind: 'slot', reels }, multiplier100 }
  }
  const s = symbol ?? ['CHERRY', 'LEMON', 'STAR'][rnd(3)]
  return { outcome: { kind: 'slot', reels: [s, s, s] }, multiplier100 }
}

/** Two scores where `result` says which side won (or a draw). */
function scores(rnd: RandomInt, result: 'first' | 'second' | 'even', top: number): [number, number] {
  if (result === 'even') {
    const s = rnd(top + 1)
    return [s, s]
  }
  const high = 1 + rnd(top)
  const low = rnd(high)
  return result === 'first' ? [high, low] : [low, high]
}

/**
 * Draws one round. The result is chosen first from fixed chances, then shown consistently (reels,
 * card totals or a score line), so the paytable and the 4% house edge are exact and auditable.
 * @param kind - demo game kind
 * @param choice - the player's pick (validated with {@link choicesOf})
 * @param rnd - uniform integer source
 */
export function drawRound(kind: GameKind, choice: string, rnd: RandomInt): Draw {
  switch (kind) {
    case 'slot':
      return drawSlot(rnd)
    case 'table': {
      const result = fromChances(tableChance, rnd(100))
      const [player, banker] = scores(rnd, result === 'player' ? 'first' : result === 'banker' ? 'second' : 'even', 9)
      return { outcome: { kind, result, player, banker }, multiplier100: result === choice ? tableOdds[result] : 0 }
    }
    case 'match': {
      const result = fromChances(matchChance, rnd(100))
      const [home, away] = scores(rnd, result === 'home' ? 'first' : result === 'away' ? 'second' : 'even', 4)
      return { outcome: { kind, result, home, away }, multiplier100: result === choice ? matchOdds[result] : 0 }
    }
    case 'cockfight': {
      const result = fromChances(cockChance, rnd(100))
      return { outcome: { kind, result, home: result === 'meron' ? 1 : 0, away: result === 'wala' ? 1 : 0 }, multiplier100: result === choice ? cockOdds[result] : 0 }
    }
    case 'lottery': {
      const drawn = String(rnd(10))
      return { outcome: { kind, drawn }, multiplier100: drawn === choice ? 960 : 0 }
    }
  }
}

/** Payout in minor units: stake × multiplier, rounded down (never pays a fraction of a minor unit). */
export const payoutOf = (stake: number, multiplier100: number): number => Math.floor((stake * multiplier100) / 100)
