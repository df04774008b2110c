import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { gameTypes } from '../../sdk/contract/index.ts'
import { formatDate, zoneLabel } from '../../sdk/dates/index.ts'
import { outcomeView } from '../../sdk/format/outcome.ts'
import { $bettingRecord, $bettingRecordFilter, filterBettingRecord, loadBettingRecord, loadRoundDetail } from '../../sdk/money/index.ts'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { Pager, RangePicker, Options, SelectField, money } from './controls.tsx'
import { LoadStates } from '../ui/LoadStates.tsx'
import { Facts } from './table.tsx'

/** Betting record (personalHistoryCopy): rounds in a date range, by game type and vendor, with totals and round detail. */
export function BettingRecord() {
  const t = useT()
  const filter = useStore($bettingRecordFilter)
  const record = useStore($bettingRecord)
  const [open, setOpen] = useState<string | null>(null)
  return (
    <div className="lk-money__stack">
      <RangePicker range={filter} onChange={(r) => filterBettingRecord(r)} />
      <p className="lk-money__hint">{t('money_times_in', { zone: zoneLabel() })}</p>
      <div className="lk-money__filters">
        <SelectField labelKey="money_game_type" value={filter.gameType} onChange={(e) => filterBettingRecord({ gameType: e.target.value })}>
          <option value="all">{t('money_all')}</option>
          {gameTypes.map((g) => (
            <option key={g} value={g}>
              {t(`shell_category_${g.toLowerCase()}`)}
            </option>
          ))}
        </SelectField>
        <SelectField labelKey="money_vendor" value={filter.vendor} onChange={(e) => filterBettingRecord({ vendor: e.target.value })}>
          <option value="">{t('money_all')}</option>
          <Options values={record.data?.vendors ?? []} />
        </SelectField>
      </div>
      <LoadStates state={record} onRetry={() => void loadBettingRecord()} rows={6} height={32}>
        {(data) => (
          <>
            <Facts
              className="lk-money__totals"
              items={[
                { labelKey: 'money_total_bet', text: money(data.totals.bet) },
                { labelKey: 'money_total_valid', text: money(data.totals.validBet) },
                { labelKey: 'money_total_winloss', text: money(data.totals.winLoss) },
              ]}
            />
            {data.list.length === 0 ? (
              <EmptyState messageKey="money_bets_none" />
            ) : (
              <ul className="lk-money__list" aria-busy={record.loading}>
                {data.list.map((r) => (
                  <li key={r.roundId} className="lk-money__item">
                    <div className="lk-money__row">
                      <strong>{r.gameName}</strong>
                      <span className={r.winLoss < 0 ? 'is-out' : 'is-in'}>
                        {r.winLoss > 0 ? '+' : ''}
                        {money(r.winLoss)}
                      </span>
                    </div>
                    <div className="lk-money__meta">
                      {formatDate(r.time)} · {r.vendor} · {t('money_stake_is', { amount: money(r.stake) })}
                    </div>
                    <button type="button" className="lk-button lk-money__link" aria-expanded={open === r.roundId} onClick={() => setOpen(open === r.roundId ? null : r.roundId)}>
                      {t('money_round_detail')}
                    </button>
                    {open === r.roundId && <RoundDetail roundId={r.roundId} />}
                  </li>
                ))}
              </ul>
            )}
            <Pager page={data.page} totalPages={data.totalPages} onGo={(page) => filterBettingRecord({ page })} disabled={record.loading} />
          </>
        )}
      </LoadStates>
    </div>
  )
}

type T = (key: string, params?: Record<string, string | number>) => string

/** A round's outcome in words (never the stored JSON). */
function outcomeText(t: T, raw: string): string {
  const view = outcomeView(raw)
  const params = { ...view.params }
  for (const name of view.words) params[name] = t(String(params[name]))
  return t(view.key, params)
}

/** The player's pick: a side in words, a number as it is. */
function pickLabel(t: T, choice: string): string {
  if (!choice) return '—'
  const key = `money_pick_${choice}`
  const text = t(key)
  return text === key ? choice : text
}

function RoundDetail({ roundId }: { roundId: string }) {
  const t = useT()
  const [state, setState] = useState<Awaited<ReturnType<typeof loadRoundDetail>> | null>(null)
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry: the error state's button bumps it to load the round again
  useEffect(() => {
    let live = true
    setState(null)
    void loadRoundDetail(roundId).then((r) => live && setState(r))
    return () => {
      live = false
    }
  }, [roundId, attempt])
  if (!state) return <Skeleton count={2} height={20} />
  if (state.error) return <ErrorState messageKey={state.error.messageKey} onRetry={() => setAttempt(attempt + 1)} />
  const d = state.data
  return (
    <Facts
      items={[
        { labelKey: 'money_round_id', text: d.roundId, className: 'lk-money__mono' },
        { labelKey: 'money_stake', text: money(d.stake) },
        { labelKey: 'money_valid_bet', text: money(d.validBet) },
        { labelKey: 'money_payout', text: money(d.payout) },
        { labelKey: 'money_choice', text: pickLabel(t, d.choice) },
        { labelKey: 'money_outcome', text: outcomeText(t, d.outcome) },
      ]}
    />
  )
}
