import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $drawerOpen, closeDrawer, openDrawer } from '../../sdk/shell/index.ts'
import { openCentre } from '../../sdk/centre/index.ts'
import { useClientStore, useOnDemand, useT } from '../ui/index.ts'
import { Icon } from './more-icons.tsx'
import { pages } from '../../sdk/pages/index.ts'

/** Props of {@link MobileNav}. */
export interface MobileNavProps {
  /** The current route (`/promotions`), to mark the current bar entry. */
  route: string
}

const current = (on: boolean) => (on ? ('page' as const) : undefined)

/**
 * Phone navigation: the bottom bar (home, games, promotions, deposit, account) and the menu drawer
 * (every game category with its providers, promotions, download, account pages, language and theme).
 * Both are hidden above 640 px, where the header's nav does this work.
 */
export function MobileNav({ route }: MobileNavProps) {
  // Every page with the shell registers the lite app's worker and keeps the install offer; that code
  // loads once the page has hydrated and the browser is idle, outside its first load (registering a
  // worker while the page still starts held a phone's main thread for a long task).
  useEffect(() => {
    const start = () =>
      void import('../../sdk/shell/lite.ts').then(
        (lite) => lite.startLiteApp(),
        () => undefined,
      )
    if (!('requestIdleCallback' in window)) return start()
    const idle = requestIdleCallback(start, { timeout: 5000 })
    return () => cancelIdleCallback(idle)
  }, [])
  return (
    <>
      <BottomBar route={route} />
      <Drawer />
    </>
  )
}

function BottomBar({ route }: MobileNavProps) {
  const t = useT()
  const gamesOpen = useClientStore($drawerOpen, false)
  // The centre's guard turns a guest's deposit or account tap into the login prompt.
  return (
    <nav className="lk-bottombar" aria-label={t('mobile_bar_label')}>
      <a href={pages.home} aria-current={current(route === pages.home)}>
        <Icon name="home" />
        <span>{t('mobile_bar_home')}</span>
      </a>
      <button type="button" aria-haspopup="dialog" aria-expanded={gamesOpen} onClick={openDrawer}>
        <Icon name="games" />
        <span>{t('mobile_bar_games')}</span>
      </button>
      <a href={pages.promotions} aria-current={current(route === pages.promotions)}>
        <Icon name="gift" />
        <span>{t('mobile_bar_promotions')}</span>
      </a>
      <button type="button" onClick={() => openCentre('member', 'depositv2')}>
        <Icon name="wallet" />
        <span>{t('mobile_bar_deposit')}</span>
      </button>
      <button type="button" onClick={() => openCentre('member', 'securityCenter')}>
        <Icon name="user" />
        <span>{t('mobile_bar_account')}</span>
      </button>
    </nav>
  )
}

// The drawer's code (its dialog and category lists) loads on the first tap of Games; it stays mounted after.
const loadDrawer = () => import('./MenuDrawer.tsx')

function Drawer() {
  const open = useStore($drawerOpen)
  const Loaded = useOnDemand(open, loadDrawer, closeDrawer)
  return Loaded ? <Loaded /> : null
}
