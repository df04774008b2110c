import './home.css'
import { pages } from '../../sdk/pages/index.ts'
import { $quiet } from '../../sdk/protect/quiet.ts'
import { $announcements, loadAnnouncements } from '../../sdk/shell/index.ts'
import { EmptyState, ErrorState, useClientStore, useImageUrl, useT } from '../ui/index.ts'

function Picture({ path }: { path: string }) {
  const src = useImageUrl(path)
  return <span className="lk-home-promo__picture">{src && <img src={src} alt="" width="600" height="150" loading="lazy" decoding="async" />}</span>
}

/** Placeholder promotion cards of the real cards' size. */
function PromoSkeleton() {
  const t = useT()
  return (
    <ul className="lk-home-lane lk-home-lane--promos" aria-busy="true" aria-label={t('loading')}>
      {[0, 1, 2].map((i) => (
        <li key={i} className="lk-home-promo" aria-hidden="true">
          <span className="lk-home-promo__picture lk-skeleton" />
          <span className="lk-home-promo__title lk-skeleton" />
        </li>
      ))}
    </ul>
  )
}

/**
 * The home page's promotions strip: the platform's current promotions (announcement type PR) as
 * picture cards in a row that scrolls sideways, each opening its detail page. None during a time-out
 * or self-exclusion.
 */
export function HomePromotions() {
  const t = useT()
  const state = useClientStore($announcements, { loading: false })
  const quiet = useClientStore($quiet, false)
  const promos = state.data?.promotion ?? []
  return (
    <div className="lk-home-box lk-home-box--promos">
      {quiet ? (
        <EmptyState messageKey="shell_promotions_paused" />
      ) : state.error && !state.data ? (
        <ErrorState messageKey={state.error.messageKey} onRetry={loadAnnouncements} />
      ) : !state.data ? (
        <PromoSkeleton />
      ) : promos.length === 0 ? (
        <EmptyState messageKey="shell_home_promotions_empty" />
      ) : (
        <ul className="lk-home-lane lk-home-lane--promos" aria-label={t('shell_home_promotions')}>
          {promos.map((promo) => (
            <li key={promo.id} className="lk-home-promo">
              <a href={`${pages.promoDetail}?id=${encodeURIComponent(promo.id)}`}>
                {promo.image ? <Picture path={promo.image} /> : <span className="lk-home-promo__picture" />}
                <span className="lk-home-promo__title">{promo.title}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
