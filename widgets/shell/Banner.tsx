import './shell.css'
import { useEffect, useRef, useState } from 'react'
import type { Banner as BannerData } from '../../sdk/contract/index.ts'
import { $announcements, bannerAutoplayMs, bannerTarget, bannersOf } from '../../sdk/shell/index.ts'
import { Icon } from './more-icons.tsx'
import { useClientStore, useImageUrl, useMounted, useT } from '../ui/index.ts'
import { $quiet } from '../../sdk/protect/quiet.ts'

/** Props of {@link Banner}. */
export interface BannerProps {
  /** Route group (`w_home`, `w_rng`, …). */
  group: string
}

function Slide({ banner, active, eager }: { banner: BannerData; active: boolean; eager: boolean }) {
  const target = bannerTarget(banner)
  const src = useImageUrl(banner.url)
  const image = <img src={src} alt={banner.title} width="1200" height="300" loading={eager ? 'eager' : 'lazy'} decoding="async" />
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
 * Banner carousel of a route group: autoplays every 5 s with clickable pagination when there is more
 * than one, pauses on hover and focus. It renders nothing on the server: the slot around it (with the
 * brand hero) is static HTML of fixed aspect ratio, so nothing moves when the banners arrive, and a
 * slot whose group has no banners is hidden (not one whose banners failed to load: the hero stays).
 */
export function Banner({ group }: BannerProps) {
  const t = useT()
  const mounted = useMounted()
  const banners = useClientStore(bannersOf(group), [])
  const announcements = useClientStore($announcements, { loading: false })
  // No marketing during a time-out or self-exclusion: the brand's own hero stays, no slide shows.
  const quiet = useClientStore($quiet, false)
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  // The player's pause (WCAG 2.2.2) holds until they press play; hover and focus pause only meanwhile.
  const [stopped, setStopped] = useState(false)
  const marker = useRef<HTMLSpanElement>(null)
  const count = banners.length
  const current = count ? index % count : 0
  // Only an answer with no banners for the group empties the slot. A failed call (a phone's flaky
  // network) keeps the brand hero in its place: hiding it left a phone with no hero at all.
  const empty = count === 0 && Boolean(announcements.data)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` restarts the wait when the visitor picks a slide
  useEffect(() => {
    if (count < 2 || paused || stopped || quiet) return
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), bannerAutoplayMs)
    return () => clearTimeout(timer)
  }, [count, paused, stopped, current, quiet])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `mounted` puts the marker in the page, so the slot can be found then
  useEffect(() => {
    const slot = marker.current?.closest<HTMLElement>('[data-banner-slot]')
    if (slot) slot.hidden = empty
  }, [empty, mounted])

  if (!mounted) return null
  if (count === 0 || quiet) return <span ref={marker} hidden />
  return (
    <section
      className="lk-banner__carousel"
      aria-roledescription="carousel"
      aria-label={t('shell_banner_label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span ref={marker} hidden />
      <ul className="lk-banner__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {banners.map((banner, i) => (
          <Slide key={banner.bannerId} banner={banner} active={i === current} eager={i === 0} />
        ))}
      </ul>
      {count > 1 && (
        <div className="lk-banner__dots" role="group" aria-label={t('shell_banner_pages')}>
          <button type="button" className="lk-banner__pause" aria-pressed={stopped} aria-label={t('shell_pause_slides')} onClick={() => setStopped(!stopped)}>
            <Icon name={stopped ? 'play' : 'pause'} size={14} />
          </button>
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

/**
 * The banner of a popup (`w_login`, `w_forget`): a box of the banner's shape at the top of the popup,
 * only when the group has banners (popups open after the announcements load, so nothing moves).
 */
export function PopupBanner({ group }: BannerProps) {
  const banners = useClientStore(bannersOf(group), [])
  if (banners.length === 0) return null
  return (
    <div className="lk-banner lk-banner--popup" data-banner-slot>
      <Banner group={group} />
    </div>
  )
}
