import './shell.css'
import { useEffect, useState } from 'react'
import type { Banner as BannerData } from '../../sdk/contract/index.ts'
import { $announcements, bannerAutoplayMs, bannerTarget, bannersOf } from '../../sdk/shell/index.ts'
import { imageUrl } from '../../sdk/stores/index.ts'
import { useT } from '../ui/index.ts'
import { useClientStore } from './useMounted.ts'

/** Props of {@link Banner}. */
export interface BannerProps {
  /** Route group (`w_home`, `w_rng`, …). */
  group: string
}

function Slide({ banner, active, eager }: { banner: BannerData; active: boolean; eager: boolean }) {
  const target = bannerTarget(banner)
  const image = <img src={imageUrl(banner.url)} alt={banner.title} width="1200" height="300" loading={eager ? 'eager' : 'lazy'} decoding="async" />
  return (
    <li className="lk-banner__slide" aria-hidden={!active} data-active={active}>
      {target.kind === 'none' ? (
        image
      ) : (
        <a href={target.href} tabIndex={active ? 0 : -1} {...(target.kind === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {image}
        </a>
      )}
    </li>
  )
}

/**
 * Banner carousel of a route group: hidden when the group has none, autoplays every 5 s with
 * clickable pagination when there is more than one, pauses on hover and focus. The box keeps its
 * aspect ratio from the first paint, so nothing moves when the images arrive.
 */
export function Banner({ group }: BannerProps) {
  const t = useT()
  const banners = useClientStore(bannersOf(group), [])
  const announcements = useClientStore($announcements, { loading: false })
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  const count = banners.length
  const current = count ? index % count : 0

  useEffect(() => {
    if (count < 2 || paused) return
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), bannerAutoplayMs)
    return () => clearTimeout(timer)
  }, [count, paused, current])

  // Until the announcements answer, the box stays reserved; it goes only when the group has none.
  if (count === 0) return announcements.data || announcements.error ? null : <div className="lk-banner lk-banner--pending" aria-hidden="true" />
  return (
    <section
      className="lk-banner"
      aria-roledescription="carousel"
      aria-label={t('shell_banner_label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul className="lk-banner__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {banners.map((banner, i) => (
          <Slide key={banner.bannerId} banner={banner} active={i === current} eager={i === 0} />
        ))}
      </ul>
      {count > 1 && (
        <div className="lk-banner__dots" role="group" aria-label={t('shell_banner_pages')}>
          {banners.map((banner, i) => (
            <button
              key={banner.bannerId}
              type="button"
              className="lk-banner__dot"
              aria-label={t('shell_banner_goto', { n: i + 1, total: count })}
              aria-current={i === current}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  )
}
