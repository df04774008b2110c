import './shell.css'
import { useEffect, useState } from 'react'
import { $announcements, loadAnnouncements } from '../../sdk/shell/index.ts'
import { ErrorState, Skeleton, useClientStore, useImageUrl, useT } from '../ui/index.ts'
import { SafeHtml } from '../ui/SafeHtml.tsx'
import { $quiet } from '../../sdk/protect/quiet.ts'

/** Props of {@link LivePromotions}. */
export interface LivePromotionsProps {
  /** Origin of the brand site when the cards are shown on another site. */
  site?: string
}

/**
 * The platform's current promotions (announcement type PR) as cards linking to their detail page;
 * `site` is the brand site's origin when shown elsewhere (an embed: the links open there, in a new tab).
 */
export function LivePromotions({ site }: LivePromotionsProps) {
  const t = useT()
  const state = useClientStore($announcements, { loading: false })
  // No promotion offers during a time-out or self-exclusion.
  const quiet = useClientStore($quiet, false)
  const promos = state.data?.promotion ?? []
  if (quiet) return <p className="lk-promos__quiet">{t('shell_promotions_paused')}</p>
  if (state.error && !state.data) return <ErrorState messageKey={state.error.messageKey} onRetry={() => void loadAnnouncements()} />
  if (!state.data) return <Skeleton />
  if (promos.length === 0) return null
  return (
    <ul className="lk-promos__grid">
      {promos.map((promo) => (
        <li key={promo.id}>
          <a className="lk-promo" part="promotion" href={`${site ?? ''}/promoDetail?id=${encodeURIComponent(promo.id)}`} {...(site ? { target: '_blank', rel: 'noopener' } : {})}>
            {promo.image && <PromoImage path={promo.image} />}
            <span className="lk-promo__title">{promo.title}</span>
            <span className="lk-promo__more">{t('shell_promotions_more')}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}

/**
 * Promotion detail for `?id=`: an editor article in the page when one matches (shown, the others
 * hidden), otherwise the platform promotion of that id with its HTML sanitised.
 */
export function PromoDetail() {
  const t = useT()
  const state = useClientStore($announcements, { loading: false })
  const [id, setId] = useState<string | null>(null)
  const [staticMatch, setStaticMatch] = useState(false)

  useEffect(() => {
    const wanted = new URLSearchParams(location.search).get('id')
    setId(wanted)
    // An article whose dates are not now (the page's scheduler marked it off) is not there.
    const articles = Array.from(document.querySelectorAll<HTMLElement>('[data-promo]:not([data-lk-off])'))
    const match = articles.some((a) => a.dataset.promo === wanted)
    if (wanted) for (const a of articles) a.hidden = a.dataset.promo !== wanted
    setStaticMatch(match)
  }, [])

  const promo = state.data?.promotion.find((p) => p.id === id)
  if (!id || staticMatch) return null
  if (!state.data && !state.error) return <Skeleton />
  if (!promo) return <p role="status">{t('shell_promo_not_found')}</p>
  return (
    <article className="lk-prose" aria-labelledby="lk-promo-title">
      <h2 id="lk-promo-title">{promo.title}</h2>
      <SafeHtml html={promo.content} />
    </article>
  )
}

function PromoImage({ path }: { path: string }) {
  const src = useImageUrl(path)
  return <img src={src} alt="" width="600" height="150" loading="lazy" />
}
