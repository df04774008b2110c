import { $vip } from '../../sdk/rewards/index.ts'
import { EmptyState, useT } from '../ui/index.ts'
import { Loaded, when } from './parts.tsx'

/** Rank history (playerRank): the member's rank and every rank reached, with its date. */
export function PlayerRank() {
  const t = useT()
  return (
    <Loaded store={$vip}>
      {(v) => (
        <div className="lk-rewards">
          <dl className="lk-rewards__facts">
            <dt>{t('rewards_vip_rank')}</dt>
            <dd>{t('rewards_vip_level', { level: v.level })}</dd>
          </dl>
          {v.history.length === 0 ? (
            <EmptyState messageKey="rewards_rank_none" />
          ) : (
            <ol className="lk-rewards__list">
              {v.history.map((h) => (
                <li key={h.level} className="lk-rewards__row">
                  <span>{t('rewards_vip_level', { level: h.level })}</span>
                  <small>{t('rewards_reached_at', { at: when(h.reachedAt) })}</small>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </Loaded>
  )
}
