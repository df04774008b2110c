import type { Contract } from '../../sdk/contract/index.ts'
import { percentOf } from '../../sdk/agent/index.ts'
import { useT } from '../ui/index.ts'
import { money } from '../member/controls.tsx'

/** A contract's terms in one line: rate or rates, period and minimums. */
export function ContractTerms({ contract: c }: { contract: Contract }) {
  const t = useT()
  const rates =
    c.kind === 'realtime_salary' ? t('agent_rates_realtime', { win: percentOf(c.winRateBp), loss: percentOf(c.lossRateBp) }) : t('agent_rate_value', { rate: percentOf(c.rateBp) })
  return (
    <>
      {rates} · {t(`agent_period_${c.period}`)}
      {c.minActive > 0 && ` · ${t('agent_min_active_value', { count: c.minActive })}`}
      {c.minValidBet > 0 && ` · ${t('agent_min_bet_value', { amount: money(c.minValidBet) })}`}
      {c.minLoss > 0 && ` · ${t('agent_min_loss_value', { amount: money(c.minLoss) })}`}
    </>
  )
}
