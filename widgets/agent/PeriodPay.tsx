import { useStore } from '@nanostores/react'
import type { ContractPays } from '../../sdk/contract/index.ts'
import { formatDate, zoneLabel } from '../../sdk/dates/index.ts'
import { useT } from '../ui/index.ts'
import { Section, money } from '../member/controls.tsx'
import { DataTable, signTone } from '../member/table.tsx'
import { $periodPay, $periodPayBySide, loadPeriodPay, percentOf } from '../../sdk/agent/index.ts'
import { LoadStates } from '../ui/LoadStates.tsx'

type ContractPay = ContractPays['list'][number]
type Window = NonNullable<ContractPay['current']>

/**
 * What this period will pay: for each contract the agent holds, its period so far
 * beside the last complete one, and for each it gave, what it costs; the figures are the platform's,
 * by the pay run's own rules.
 */
export function PeriodPay() {
  const t = useT()
  const pay = useStore($periodPay)
  const { held, given } = useStore($periodPayBySide)
  return (
    <Section id="lk-period-pay" className="lk-money__stack" busy={pay.loading} title={t('agent_period_pay')}>
      <LoadStates state={pay} onRetry={() => void loadPeriodPay()} rows={2} height={64} empty={(data) => data.list.length === 0} emptyKey="agent_period_pay_none">
        {(data) => (
          <>
            <p className="lk-money__meta">
              {t('agent_period_pay_note', { at: formatDate(data.at), zone: zoneLabel() })}{' '}
              <button type="button" className="lk-button" onClick={() => void loadPeriodPay()}>
                {t('agent_period_pay_refresh')}
              </button>
            </p>
            {held.map((c) => (
              <ContractPayCard key={c.contractId} pay={c} />
            ))}
            {given.length > 0 && (
              <>
                <h5 className="lk-money__subhead">{t('agent_period_cost')}</h5>
                <p className="lk-money__value">{t('agent_period_cost_sum', { current: money(data.cost.current), last: money(data.cost.last) })}</p>
                {given.map((c) => (
                  <ContractPayCard key={c.contractId} pay={c} />
                ))}
              </>
            )}
          </>
        )}
      </LoadStates>
    </Section>
  )
}

interface Line {
  key: string
  labelKey: string
  value: (w: Window) => number
  signed?: boolean
}

/** One contract: a figure per row, this period so far and the last period side by side. */
function ContractPayCard({ pay: c }: { pay: ContractPay }) {
  const t = useT()
  const realtime = c.kind === 'realtime_salary'
  const lines: Line[] = [
    { key: 'active', labelKey: 'agent_active', value: (w) => w.basis.active },
    { key: 'valid', labelKey: 'agent_valid_bets', value: (w) => w.basis.validBets },
    ...(realtime
      ? [
          { key: 'won', labelKey: 'agent_won_stakes', value: (w: Window) => w.basis.wonStake },
          { key: 'lost', labelKey: 'agent_lost_stakes', value: (w: Window) => w.basis.lostStake },
        ]
      : []),
    { key: 'pl', labelKey: 'agent_profit_loss', value: (w) => w.basis.profitLoss, signed: true },
    { key: 'terms', labelKey: 'agent_period_terms_give', value: (w) => w.termsAmount },
    { key: 'share', labelKey: c.side === 'upline' ? 'agent_period_costs_you' : 'agent_period_share', value: (w) => w.share },
    { key: 'take', labelKey: 'agent_period_downlines_take', value: (w) => w.downlinesTake },
    { key: 'amount', labelKey: c.side === 'upline' ? 'agent_period_they_keep' : 'agent_period_you_get', value: (w) => w.amount },
  ]
  const cell = (w: Window | null, l: Line) => (w ? (l.key === 'active' ? w.basis.active : money(l.value(w))) : '—')
  const rates = realtime ? `${percentOf(c.winRateBp)} % / ${percentOf(c.lossRateBp)} %` : `${percentOf(c.rateBp)} %`
  const caption = t('agent_period_caption', {
    from: c.current ? formatDate(c.current.periodStart) : '—',
    paid: c.current ? formatDate(c.current.periodEnd) : '—',
    last: c.last ? `${formatDate(c.last.periodStart)} – ${formatDate(c.last.periodEnd)}` : '—',
  })
  const title = `${t(`agent_kind_${c.kind}`)} · ${t(c.side === 'upline' ? 'agent_with_downline' : 'agent_from_upline', { name: c.counterpart })} · ${rates}`
  return (
    <article className="lk-money__item" aria-label={title}>
      <strong>{title}</strong>
      <p className="lk-money__meta">{caption}</p>
      <DataTable
        caption={caption}
        captionHidden
        rows={lines}
        rowKey={(l) => l.key}
        columns={[
          { labelKey: 'agent_period_figure', cell: (l) => t(l.labelKey) },
          { labelKey: 'agent_period_so_far', numeric: true, cell: (l) => cell(c.current, l), tone: (l) => (l.signed && c.current ? signTone(l.value(c.current)) : undefined) },
          { labelKey: 'agent_period_last', numeric: true, cell: (l) => cell(c.last, l), tone: (l) => (l.signed && c.last ? signTone(l.value(c.last)) : undefined) },
        ]}
      />
      {c.last && c.last.paidOut !== null && <p className="lk-money__meta">{t('agent_period_paid_out', { amount: money(c.last.paidOut) })}</p>}
    </article>
  )
}
