import { useStore } from '@nanostores/react'
import { teamBets } from '../../sdk/agent/index.ts'
import { gameTypes } from '../../sdk/contract/index.ts'
import { useT } from '../ui/index.ts'
import { Options, SelectField, money } from '../member/controls.tsx'
import { signTone } from '../member/table.tsx'
import { RowReportView } from './RowReport.tsx'

/** Team betting (personalHistoryCopy in the agent centre): the team's rounds of a period, by member and game type, with totals. */
export function TeamBets() {
  const t = useT()
  const filter = useStore(teamBets.$filter)
  return (
    <RowReportView
      report={teamBets}
      extraFilter={
        <SelectField labelKey="agent_game_type" value={filter.gameType ?? ''} onChange={(e) => teamBets.filter({ gameType: e.target.value || undefined })}>
          <option value="">{t('agent_all')}</option>
          <Options values={gameTypes} />
        </SelectField>
      }
      figures={({ totals }) => [
        { labelKey: 'agent_rounds', text: totals.rounds },
        { labelKey: 'agent_bets', text: money(totals.bets) },
        { labelKey: 'agent_valid_bets', text: money(totals.validBets) },
        { labelKey: 'agent_profit_loss', text: money(totals.profitLoss), tone: signTone(totals.profitLoss) },
      ]}
      columns={[
        {
          labelKey: 'agent_game',
          cell: (r) => (
            <>
              {r.game} <span className="lk-money__meta">{r.gameType}</span>
            </>
          ),
        },
        { labelKey: 'agent_stake', numeric: true, cell: (r) => money(r.stake) },
        { labelKey: 'agent_win_loss', numeric: true, cell: (r) => money(r.profitLoss), tone: (r) => signTone(r.profitLoss) },
      ]}
      captionKey="agent_bets_caption"
      emptyKey="agent_bets_none"
    />
  )
}
