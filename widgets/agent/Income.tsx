import { useStore } from '@nanostores/react'
import { useEffect, useId, useState } from 'react'
import type { Contract, ContractKind, ResponseOf } from '../../sdk/contract/index.ts'
import {
  $contracts,
  $payoutContracts,
  $payoutFilter,
  $payoutKind,
  $payouts,
  actOnContract,
  exportPayouts,
  filterPayouts,
  loadContracts,
  loadPayouts,
  percentOf,
  showPayouts,
  type PayoutFilter,
} from '../../sdk/agent/index.ts'
import { formatDate, zoneLabel } from '../../sdk/dates/index.ts'
import { lastDays } from '../../sdk/money/index.ts'
import { ask } from '../../sdk/ui/index.ts'
import { EmptyState, useT } from '../ui/index.ts'
import { FormError, Pager, RangePicker, money } from '../member/controls.tsx'
import { DataTable } from '../member/table.tsx'
import { ContractTerms } from './ContractTerms.tsx'
import { ExportCsv } from './ExportCsv.tsx'
import { PeriodPay } from './PeriodPay.tsx'
import { LoadStates } from '../ui/LoadStates.tsx'

/** My income (agentRevenueReport): the contracts received and given, with their answers, and every payout received. */
export function Income() {
  const t = useT()
  const contracts = useStore($contracts)
  return (
    <div className="lk-money__stack">
      <PeriodPay />
      <h4 className="lk-money__subhead">{t('agent_contracts_received')}</h4>
      <LoadStates state={contracts} onRetry={() => void loadContracts()} rows={2} height={48}>
        {(data) => <ContractList list={data.received} emptyKey="agent_contracts_received_none" />}
      </LoadStates>
      {contracts.data && contracts.data.given.length > 0 && (
        <>
          <h4 className="lk-money__subhead">{t('agent_contracts_given')}</h4>
          <ContractList list={contracts.data.given} emptyKey="agent_contracts_given_none" />
        </>
      )}
      <h4 className="lk-money__subhead">{t('agent_payouts')}</h4>
      <Payouts kind={undefined} />
    </div>
  )
}

/** A dividend or salary record page: the payouts of one kind. */
export function PayoutRecord({ kind }: { kind: ContractKind }) {
  return (
    <div className="lk-money__stack">
      <Payouts kind={kind} />
    </div>
  )
}

function ContractList({ list, emptyKey }: { list: Contract[]; emptyKey: string }) {
  if (list.length === 0) return <EmptyState messageKey={emptyKey} />
  return (
    <ul className="lk-money__list">
      {list.map((c) => (
        <ContractItem key={c.id} contract={c} />
      ))}
    </ul>
  )
}

function ContractItem({ contract: c }: { contract: Contract }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const act = async (action: 'accept' | 'reject' | 'terminate') => {
    if (action !== 'accept' && !(await ask(action === 'reject' ? 'agent_reject_confirm' : 'agent_terminate_confirm'))) return
    setBusy(true)
    const r = await actOnContract(c.id, action)
    setBusy(false)
    setError(r.error ? t(r.error.messageKey) : '')
  }
  const other = c.side === 'upline' ? c.downline : c.upline
  const last = c.events.at(-1)
  return (
    <li className="lk-money__item" aria-busy={busy}>
      <div className="lk-money__row">
        <strong>
          {t(`agent_kind_${c.kind}`)} · {t(c.side === 'upline' ? 'agent_with_downline' : 'agent_from_upline', { name: other })}
        </strong>
        <span className={`lk-money__tag is-${c.status}`}>{t(`agent_status_${c.status}`)}</span>
      </div>
      <p className="lk-money__meta">
        <ContractTerms contract={c} />
      </p>
      {last && <p className="lk-money__meta">{t(`agent_event_${last.reason}`, { name: last.actor, at: `${formatDate(last.at)} (${zoneLabel()})` })}</p>}
      <div className="lk-money__actions">
        {c.side === 'downline' && c.status === 'offered' && (
          <>
            <button type="button" className="lk-button lk-button--primary" disabled={busy} onClick={() => void act('accept')}>
              {t('agent_accept')}
            </button>
            <button type="button" className="lk-button" disabled={busy} onClick={() => void act('reject')}>
              {t('agent_reject')}
            </button>
          </>
        )}
        {(c.status === 'offered' || c.status === 'active') && (
          <button type="button" className="lk-button" disabled={busy} onClick={() => void act('terminate')}>
            {t('agent_terminate')}
          </button>
        )}
      </div>
      <FormError text={error} />
    </li>
  )
}

type Payout = ResponseOf<'agentPayouts'>['list'][number]

function Payouts({ kind }: { kind: ContractKind | undefined }) {
  const t = useT()
  const shownKind = useStore($payoutKind)
  const filter = useStore($payoutFilter)
  const payouts = useStore($payouts)
  useEffect(() => showPayouts(kind), [kind])
  // Until this kind's page has loaded, the payouts held are another kind's: not this one's data.
  const shown = shownKind === kind ? payouts : { ...payouts, data: undefined }
  return (
    <>
      <PayoutFilterBar kind={kind} filter={filter} />
      <LoadStates state={shown} onRetry={() => void loadPayouts()} height={32} empty={(data) => data.list.length === 0} emptyKey="agent_payouts_none">
        {(data) => (
          <>
            <p className="lk-money__value">{t('agent_payouts_sum', { amount: money(data.sum), count: data.total })}</p>
            <DataTable
              caption={t('agent_payouts_zone', { zone: zoneLabel() })}
              busy={payouts.loading}
              columns={[
                { labelKey: 'agent_payout_period', cell: (p: Payout) => formatDate(p.periodStart) },
                ...(kind ? [] : [{ labelKey: 'agent_contract_kind', cell: (p: Payout) => t(`agent_kind_${p.kind}`) }]),
                { labelKey: 'agent_payout_from', cell: (p: Payout) => p.upline ?? '—' },
                { labelKey: 'agent_active', numeric: true, cell: (p: Payout) => p.basis.active },
                { labelKey: 'agent_valid_bets', numeric: true, cell: (p: Payout) => money(p.basis.validBets) },
                ...(kind === 'realtime_salary' || !kind
                  ? [
                      { labelKey: 'agent_won_stakes', numeric: true, cell: (p: Payout) => (p.basis.wonStake === undefined ? '—' : money(p.basis.wonStake)) },
                      { labelKey: 'agent_lost_stakes', numeric: true, cell: (p: Payout) => (p.basis.lostStake === undefined ? '—' : money(p.basis.lostStake)) },
                    ]
                  : []),
                { labelKey: 'agent_profit_loss', numeric: true, cell: (p: Payout) => money(p.basis.profitLoss) },
                { labelKey: 'agent_payout_amount', numeric: true, cell: (p: Payout) => money(p.amount), tone: () => 'in' as const },
              ]}
              rows={data.list}
              rowKey={(p) => `${p.contractId}-${p.periodStart}`}
            />
            <Pager page={data.page} totalPages={data.totalPages} onGo={(page) => filterPayouts({ page })} disabled={payouts.loading} />
            <ExportCsv run={exportPayouts} />
          </>
        )}
      </LoadStates>
    </>
  )
}

/** The record's filter: every period or a range of days, and every contract or one. */
function PayoutFilterBar({ kind, filter }: { kind: ContractKind | undefined; filter: PayoutFilter }) {
  const t = useT()
  const id = useId()
  const contracts = useStore($payoutContracts)
  const ranged = Boolean(filter.from && filter.to)
  return (
    <div className="lk-money__stack">
      <div className="lk-agent__periods" role="group" aria-label={t('agent_period')}>
        <button type="button" className="lk-button" aria-pressed={!ranged} onClick={() => filterPayouts({ from: undefined, to: undefined })}>
          {t('agent_payouts_all_periods')}
        </button>
        <button type="button" className="lk-button" aria-pressed={ranged} onClick={() => filterPayouts(lastDays(30))}>
          {t('agent_period_range')}
        </button>
      </div>
      {ranged && <RangePicker range={{ from: filter.from!, to: filter.to! }} onChange={(r) => filterPayouts(r)} />}
      {kind && contracts.length > 0 && (
        <div className="lk-money__dates">
          <label htmlFor={`${id}-c`}>{t('agent_payouts_contract')}</label>
          <select id={`${id}-c`} value={filter.contractId ?? ''} onChange={(e) => filterPayouts({ contractId: e.target.value || undefined })}>
            <option value="">{t('agent_payouts_all_contracts')}</option>
            {contracts.map((c) => (
              <option key={c.id} value={c.id}>
                {t('agent_payouts_contract_option', {
                  name: c.upline,
                  rate: c.kind === 'realtime_salary' ? `${percentOf(c.winRateBp)} % / ${percentOf(c.lossRateBp)} %` : `${percentOf(c.rateBp)} %`,
                  status: t(`agent_status_${c.status}`),
                  since: formatDate(c.createdAt, { time: false }),
                })}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  )
}
