import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $loginMenu, openLoginWindow } from '../../sdk/auth/index.ts'
import { useImageUrl, useT } from '../ui/index.ts'

/**
 * The game-category menu at the top of the login popup (SPEC §2): hot games first, then the navigation
 * categories, each with its vendors. Slot and hot vendors link to `/rng?vassalage=`, fish to `/fish`,
 * other vendors open the login page in a 1300×900 window.
 */
export function GameMenu() {
  const t = useT()
  const { data } = useStore($loginMenu)
  const [active, setActive] = useState<string | null>(null)
  if (!data?.length) return <div className="lk-game-menu lk-game-menu--empty" aria-hidden="true" />
  const open = data.find((c) => c.id === active) ?? data[0]
  return (
    <nav className="lk-game-menu" aria-label={t('auth_menu_label')}>
      <ul className="lk-game-menu__categories">
        {data.map((c) => (
          <li key={c.id}>
            <button type="button" className={c === open ? 'lk-tab is-active' : 'lk-tab'} aria-pressed={c === open} onClick={() => setActive(c.id)}>
              {c.nameKey ? t(c.nameKey) : c.name}
            </button>
          </li>
        ))}
      </ul>
      <ul className="lk-game-menu__vendors">
        {open.vendors.map((v) => {
          const target = v.target
          const logo = v.logo ? <VendorLogo path={v.logo} /> : null
          return (
            <li key={v.vassalage}>
              {target.kind === 'link' ? (
                <a href={target.href}>
                  {logo}
                  {v.name}
                </a>
              ) : (
                <button type="button" className="lk-link-button" onClick={() => openLoginWindow(target)}>
                  {logo}
                  {v.name}
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** A vendor logo on a CDN picked once, not on every render of the menu. */
function VendorLogo({ path }: { path: string }) {
  const src = useImageUrl(path)
  return <img src={src} alt="" width={24} height={24} loading="lazy" />
}
