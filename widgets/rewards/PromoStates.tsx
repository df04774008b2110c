import './rewards.css'
import { useStore } from '@nanostores/react'
import { $activities } from '../../sdk/rewards/index.ts'
import { $announcements } from '../../sdk/shell/index.ts'
import { pageHref } from '../../sdk/pages/index.ts'
import { $loggedIn } from '../../sdk/stores/index.ts'
import { useMounted, useT } from '../ui/index.ts'
import { Loaded } from './parts.tsx'

/** The promotions page's activity states: each platform promotion's state for the member, linking to its detail page where the state's action is. */
export function PromoStates() {
  const t = useT()
  const loggedIn = useStore($loggedIn)
  const notices = useStore($announcements)
  const titleOf = (id: string) => notices.data?.promotion.find((p) => p.id === id)?.title ?? id
  if (!useMounted() || !loggedIn) return null
  return (
    <Loaded store={$activities} rows={2}>
      {({ list }) => (
        <ul className="lk-rewards__list lk-rewards__states" aria-label={t('rewards_activity_states')}>
          {list.map((a) => (
            <li key={a.promotionId} className="lk-rewards__row">
              <a href={pageHref.promoDetail(a.promotionId)}>{titleOf(a.promotionId)}</a>
              <span className={`lk-rewards__state lk-rewards__state--${a.state}`}>{t(`rewards_state_${a.state}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </Loaded>
  )
}
