import type { TeamPeriod } from '../../sdk/agent/index.ts'
import { lastDays } from '../../sdk/money/index.ts'
import { useT } from '../ui/index.ts'
import { RangePicker } from '../member/controls.tsx'

const named = ['today', 'yesterday', 'week', 'month'] as const

/** Today, yesterday, this week, this month, or a date range (last 30 days first) of the agent reports. */
export function PeriodPicker({ period, onChange }: { period: TeamPeriod; onChange: (next: TeamPeriod) => void }) {
  const t = useT()
  return (
    <>
      <div className="lk-agent__periods" role="group" aria-label={t('agent_period')}>
        {named.map((p) => (
          <button key={p} type="button" className="lk-button" aria-pressed={period.period === p} onClick={() => onChange({ period: p })}>
            {t(`agent_period_${p}`)}
          </button>
        ))}
        <button type="button" className="lk-button" aria-pressed={period.period === 'range'} onClick={() => onChange({ period: 'range', ...lastDays(30) })}>
          {t('agent_period_range')}
        </button>
      </div>
      {period.period === 'range' && period.from && period.to && <RangePicker range={{ from: period.from, to: period.to }} onChange={(r) => onChange({ period: 'range', ...r })} />}
    </>
  )
}
