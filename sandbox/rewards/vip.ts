/**
 * The VIP page's figures: the rank ladder (what each needs and gives), the member's rank with the
 * date it was reached, the progress to the next from the engine's totals, and the rank history.
 * @module
 */
import type { Queryable } from '../db/index.ts'

/** One rank of the ladder. */
export interface RankView {
  level: number
  validBet: number
  deposit: number
  upgradeBonus: number
  rebateBp: number
  pointsBp: number
}

/** The member's standing on the ladder. */
export interface VipState {
  ranks: RankView[]
  level: number
  reachedAt: number | null
  validBet: number
  deposit: number
  next: RankView | null
  history: { level: number; reachedAt: number }[]
  /** Above rank 4 customer service is the VIP line (SPEC §6). */
  vipLine: boolean
}

/** The VIP ladder as configured (`vip_ranks`), lowest rank first: what anyone may see, guests included. */
export async function vipLadder(q: Queryable): Promise<RankView[]> {
  return (
    await q.query<{ level: number; valid_bet: number; deposit: number; upgrade_bonus: number; rebate_bp: number; points_bp: number }>('SELECT * FROM vip_ranks ORDER BY level')
  ).map((r) => ({
    level: Number(r.level),
    validBet: Number(r.valid_bet),
    deposit: Number(r.deposit),
    upgradeBonus: Number(r.upgrade_bonus),
    rebateBp: Number(r.rebate_bp),
    pointsBp: Number(r.points_bp),
  }))
}

/** The member's VIP state. */
export async function vipOf(q: Queryable, memberId: string): Promise<VipState> {
  const ranks = await vipLadder(q)
  const [m] = await q.query<{ rank_level: number }>('SELECT rank_level FROM members WHERE id = $1', [memberId])
  const [t] = await q.query<{ valid_bet: number; deposit: number }>('SELECT valid_bet, deposit FROM reward_totals WHERE member_id = $1', [memberId])
  const history = (
    await q.query<{ level: number; reached_at: number }>('SELECT level, reached_at FROM vip_history WHERE member_id = $1 ORDER BY reached_at DESC, level DESC', [memberId])
  ).map((h) => ({ level: Number(h.level), reachedAt: Number(h.reached_at) }))
  const level = Number(m?.rank_level ?? 0)
  return {
    ranks,
    level,
    reachedAt: history.find((h) => h.level === level)?.reachedAt ?? null,
    validBet: Number(t?.valid_bet ?? 0),
    deposit: Number(t?.deposit ?? 0),
    next: ranks.find((r) => r.level > level) ?? null,
    history,
    vipLine: level > 4,
  }
}
