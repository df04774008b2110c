import { useStore } from '@nanostores/react'
import type { GameMenu } from '../../sdk/contract/index.ts'
import { $locale } from '../../sdk/i18n/index.ts'
import { $drawerOpen, $navMenus, categoryHref, closeDrawer, vendorHref } from '../../sdk/shell/index.ts'
import { openCentre } from '../../sdk/centre/index.ts'
import { $loggedIn } from '../../sdk/stores/index.ts'
// The menus alone: the games barrel also creates the game list, whose code (the lobby chunk) a help page needs not load.
import { gameMenus } from '../../sdk/games/menus.ts'
import { Modal } from '../ui/Modal.tsx'
import { ErrorState, Skeleton, useMounted, useT } from '../ui/index.ts'
import { confirmSignOut, memberItems } from './Account.tsx'
import { LanguageSwitch, ThemeSwitch } from './HeaderBar.tsx'
import { Logo } from './Nav.tsx'
import { pages } from '../../sdk/pages/index.ts'

const categoryKey = (menu: GameMenu) => `shell_category_${menu.gameType.toLowerCase()}`

/**
 * The phone menu drawer: every game category with its providers, promotions, download, account pages,
 * language and theme, in a dialog. It loads when first opened (sdk/shell `openDrawer`).
 */
export default function Drawer() {
  const open = useStore($drawerOpen)
  return (
    <Modal open={open} onClose={closeDrawer} name="menuDrawer" titleKey="mobile_drawer_title" width={360} coverClose>
      {open && <DrawerBody />}
    </Modal>
  )
}

function DrawerBody() {
  const t = useT()
  // Both hooks run on every render (a hook behind `&&` would change the order of hooks when the session does).
  const mounted = useMounted()
  const loggedIn = useStore($loggedIn) && mounted
  // The account pages' and sign-out labels live in `shell`, already on the page.
  const go = (page: string) => {
    closeDrawer()
    openCentre('member', page)
  }
  return (
    <div className="lk-drawer">
      <nav aria-label={t('mobile_drawer_nav')}>
        <ul className="lk-drawer__list">
          <li>
            <a href={pages.home}>{t('shell_nav_home')}</a>
          </li>
        </ul>
        <h3 className="lk-drawer__heading">{t('shell_nav_categories')}</h3>
        <Categories />
        <ul className="lk-drawer__list">
          <li>
            <a href={pages.promotions}>{t('shell_nav_promotions')}</a>
          </li>
          <li>
            <a href={pages.down}>{t('shell_nav_download')}</a>
          </li>
        </ul>
      </nav>
      {loggedIn && (
        <section aria-labelledby="lk-drawer-account">
          <h3 className="lk-drawer__heading" id="lk-drawer-account">
            {t('mobile_drawer_account')}
          </h3>
          <ul className="lk-drawer__list">
            {memberItems.map(([key, page]) => (
              <li key={page}>
                <button type="button" onClick={() => go(page)}>
                  {t(key)}
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => {
                  closeDrawer()
                  void confirmSignOut()
                }}
              >
                {t('shell_signout')}
              </button>
            </li>
          </ul>
        </section>
      )}
      <section className="lk-drawer__settings" aria-labelledby="lk-drawer-settings">
        <h3 className="lk-drawer__heading" id="lk-drawer-settings">
          {t('mobile_drawer_settings')}
        </h3>
        <LanguageSwitch visibleLabel />
        <ThemeSwitch mounted withLabel />
      </section>
    </div>
  )
}

function Categories() {
  const t = useT()
  const menus = useStore($navMenus)
  if (menus.error && !menus.data) return <ErrorState messageKey={menus.error.messageKey} onRetry={() => gameMenus.load($locale.get(), true)} />
  if (!menus.data) return <Skeleton count={4} height={44} />
  return (
    <ul className="lk-drawer__categories">
      {menus.data.map((menu) => (
        <li key={menu.gameType}>
          <details>
            <summary>{t(categoryKey(menu))}</summary>
            <ul className="lk-drawer__providers" aria-label={t('shell_nav_providers', { category: t(categoryKey(menu)) })}>
              <li>
                <a className="lk-drawer__all" href={categoryHref(menu)}>
                  {t('mobile_drawer_all', { category: t(categoryKey(menu)) })}
                </a>
              </li>
              {menu.vendors.map((vendor) => (
                <li key={vendor.vassalage}>
                  <a href={vendorHref(menu, vendor.vassalage)}>
                    <Logo path={vendor.logo} alt="" size={28} />
                    <span>{vendor.name}</span>
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  )
}
