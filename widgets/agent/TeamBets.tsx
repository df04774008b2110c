import { useStore } from '@nanostores/react'
import { teamBets } from '../../sdk/agent/index.ts'
import { gameTypes } from '../../sdk/contract/index.ts'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { Pager, SelectField, money } from '../member/parts.tsx'
import { PeriodPicker } from './PeriodPicker.tsx'
import { MemberFilter } from './MemberFilter.tsx'
import { ExportCsv } from './ExportCsv.tsx'

/** Team betting (personalHistoryCopy in the agent centre): the team's rounds of a period, by member and game type, with totals. */
export function TeamBets() {
  const t = useT()
  const filter = useStore(teamBets.$filter)
  const report = useStore(teamBets.$rows)
  const data = report.data
  return (
    <div className="lk-money__stack">
      <PeriodPicker period={filter} onChange={(p) => teamBets.filter({ period: p.period, from: p.from, to: p.to })} />
      <MemberFilter member={filter.member} onApply={(member) => teamBets.filter({ member })}>
        <SelectField labelKey="agent_game_type" value={filter.gameType ?? ''} onChange={(e) => teamBets.filter({ gameType: e.target.value || undefined })}>
          <option value="">{t('agent_all')}</option>
          {gameTypes.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </SelectField>
      </MemberFilter>
      {report.error && !report.loading ? (
        <ErrorState messageKey={report.error.fields?.from ?? report.error.messageKey} onRetry={() => void teamBets.load()} />
      ) : !data ? (
        <Skeleton count={6} height={32} />
      ) : (
        <>
          <p className="lk-money__meta">{t('agent_period_shown', { from: data.from, to: data.to })}</p>
          <dl className="lk-agent__figures">
            <div>
              <dt>{t('agent_rounds')}</dt>
              <dd>{data.totals.rounds}</dd>
            </div>
            <div>
              <dt>{t('agent_bets')}</dt>
              <dd>{money(data.totals.bets)}</dd>
            </div>
            <div>
              <dt>{t('agent_valid_bets')}</dt>
              <dd>{money(data.totals.validBets)}</dd>
            </div>
            <div>
              <dt>{t('agent_profit_loss')}</dt>
              <dd className={data.totals.profitLoss < 0 ? 'is-out' : 'is-in'}>{money(data.totals.profitLoss)}</dd>
            </div>
          </dl>
          {data.list.length === 0 ? (
            <EmptyState messageKey="agent_bets_none" />
          ) : (
            <div className="lk-money__tablewrap" aria-busy={report.loading}>
              <table className="lk-money__table">
                <caption className="lk-money__meta">{t('agent_bets_caption', { count: data.total })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('agent_time')}</th>
                    <th scope="col">{t('agent_member')}</th>
                    <th scope="col">{t('agent_game')}</th>
                    <th scope="col" className="is-num">
                      {t('agent_stake')}
                    </th>
                    <th scope="col" className="is-num">
                      {t('agent_win_loss')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((r) => (
                    <tr key={r.id}>
                      <th scope="row">{r.at.slice(0, 16).replace('T', ' ')}</th>
                      <td>{r.username}</td>
                      <td>
                        {r.game} <span className="lk-money__meta">{r.gameType}</span>
                      </td>
                      <td className="is-num">{money(r.stake)}</td>
                      <td className={`is-num ${r.profitLoss < 0 ? 'is-out' : 'is-in'}`}>{money(r.profitLoss)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={data.page} totalPages={data.totalPages} onGo={(page) => teamBets.filter({ ...filter, page })} disabled={report.loading} />
          {data.total > 0 && <ExportCsv run={teamBets.exportCsv} />}
        </>
      )}
    </div>
  )
}
