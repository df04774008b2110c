import { useStore } from '@nanostores/react'
import { $board, $claiming, $missions, claimMission, missionFigures } from '../../sdk/rewards/index.ts'
import { formatCount } from '../../sdk/format/index.ts'
import { EmptyState, useT } from '../ui/index.ts'
import { ClaimNoteText, Loaded, money, Progress, useClaim, when } from './parts.tsx'
import { Table } from '../ui/Table.tsx'

/** Missions (missionLeaderboard): today's and this week's missions with live progress and claim, then the week's top 50 and the member's place. */
export function Missions() {
  const t = useT()
  const claiming = useStore($claiming)
  const { note, claim } = useClaim()
  return (
    <div className="lk-rewards">
      <ClaimNoteText note={note} />
      <Loaded store={$missions}>
        {({ missions }) => (
          <>
            {(['daily', 'weekly'] as const).map((period) => (
              <section key={period} aria-labelledby={`lk-missions-${period}`}>
                <h3 className="lk-rewards__head" id={`lk-missions-${period}`}>
                  {t(`rewards_missions_${period}`)}
                </h3>
                <ul className="lk-rewards__list">
                  {missions
                    .filter((m) => m.period === period)
                    .map((m) => (
                      <li key={m.id} className="lk-rewards__card lk-rewards__card--wide">
                        <div>
                          <strong>{m.title}</strong>
                          <span>{t('rewards_mission_reward', { amount: money(m.reward), points: m.points })}</span>
                          <small>{t('rewards_mission_ends', { at: when(m.endsAt) })}</small>
                        </div>
                        <Progress value={m.progress} target={m.target} label={m.title} text={t('rewards_mission_progress', missionFigures(m))} />
                        {m.status === 'claimed' ? (
                          <span className="lk-rewards__state">{t('rewards_state_claimed')}</span>
                        ) : (
                          <button
                            type="button"
                            className="lk-button lk-button--primary"
                            aria-label={t('rewards_claim_mission', { title: m.title })}
                            disabled={m.status !== 'claimable' || claiming.has(`mission:${m.id}`)}
                            onClick={() => void claim(claimMission(m.id), (d) => t('rewards_mission_claimed', { amount: money(d.amount), points: d.points }))}
                          >
                            {t('rewards_claim')}
                          </button>
                        )}
                      </li>
                    ))}
                </ul>
              </section>
            ))}
          </>
        )}
      </Loaded>
      <h3 className="lk-rewards__head">{t('rewards_leaderboard')}</h3>
      <Loaded store={$board}>
        {({ list, me }) => (
          <>
            <p className="lk-rewards__figures">{me ? t('rewards_my_place', { rank: me.rank, score: formatCount(me.score) }) : t('rewards_no_place')}</p>
            {list.length === 0 ? (
              <EmptyState />
            ) : (
              <Table className="lk-rewards__table" heads={['rewards_rank', 'rewards_player', 'rewards_score']}>
                {list.map((l) => (
                  <tr key={`${l.rank}-${l.account}`} aria-current={me?.rank === l.rank ? 'true' : undefined}>
                    <td>{l.rank}</td>
                    <td>{l.account}</td>
                    <td>{formatCount(l.score)}</td>
                  </tr>
                ))}
              </Table>
            )}
          </>
        )}
      </Loaded>
    </div>
  )
}
