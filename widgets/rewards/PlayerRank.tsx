import { $vip } from '../../sdk/rewards/index.ts'
import { useT } from '../ui/index.ts'
import { Loaded, RankHistory } from './parts.tsx'

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
          <RankHistory history={v.history} />
        </div>
      )}
    </Loaded>
  )
}
