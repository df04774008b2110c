import './shell.css'
import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
// The popup store only: the account flows load when they are used.
import { openAuth } from '../../sdk/auth/modal.ts'
import type { Language } from '../../sdk/contract/index.ts'
import { $memberCenterAvailable } from '../../sdk/guard/index.ts'
import { languageName } from '../../sdk/format/index.ts'
import { $locale, htmlLang, loadNamespaces, supportedLanguages } from '../../sdk/i18n/index.ts'
import { $agentEntry, languagePickAttr, openCentre, switchLanguage, takeEarlyLanguagePick } from '../../sdk/shell/index.ts'
import {
  $balance,
  $balanceHidden,
  $balanceText,
  $flags,
  $loggedIn,
  $member,
  $session,
  $theme,
  applyThemeToPage,
  balancePlaceholderKey,
  refreshBalance,
  toggleBalanceHidden,
  toggleTheme,
} from '../../sdk/stores/index.ts'
import { warn } from '../../sdk/ui/index.ts'
import { useCloseOnOutside, useMounted, useT } from '../ui/index.ts'
import { Icon } from './icons.tsx'
import { MenuButton } from './MenuButton.tsx'

// Each language named in itself (Intl.DisplayNames), whatever the page's language.
const nativeName = (lang: Language): string => languageName(htmlLang(lang))

/** Sign-out: the flow (confirm dialog, logout call) and its messages load on the click. */
export const confirmSignOut = () =>
  Promise.all([import('../../sdk/auth/index.ts'), loadNamespaces(['auth'])]).then(
    ([auth]) => auth.confirmSignOut(),
    () => warn('err_chunk_load'),
  )

/** Header controls: account area (login/register or account, balance, menu, sign-out), language and theme. */
export function HeaderBar() {
  const mounted = useMounted()
  const loggedIn = useStore($loggedIn) && mounted
  return (
    <div className="lk-headerbar">
      {loggedIn ? <Account /> : <Guest />}
      <LanguageSwitch />
      <ThemeSwitch mounted={mounted} />
      <MenuButton />
    </div>
  )
}

function Guest() {
  const t = useT()
  const flags = useStore($flags)
  const mounted = useMounted()
  // Links work without JavaScript (the routes exist); with it, the popups open in place.
  return (
    // `data-live`: until the header knows the session, a page the head script marked signed-in hides these.
    <div className="lk-headerbar__guest" data-live={mounted ? '' : undefined}>
      <a
        className="lk-button lk-button--primary"
        href="/login"
        onClick={(e) => {
          e.preventDefault()
          openAuth('login')
        }}
      >
        {t('shell_login')}
      </a>
      {mounted && flags.DIRECTREG3 && (
        <a
          className="lk-button"
          href="/register"
          onClick={(e) => {
            e.preventDefault()
            openAuth('register')
          }}
        >
          {t('shell_register')}
        </a>
      )}
    </div>
  )
}

function Account() {
  const t = useT()
  const session = useStore($session)
  const member = useStore($member)
  const balance = useStore($balance)
  const text = useStore($balanceText)
  const hidden = useStore($balanceHidden)

  // Showing $member and $balance loads them (their stores' onMount); later refreshes are the user's or the balance store's.
  const name = member.data?.account || session.account || ''
  return (
    <div className="lk-headerbar__account">
      <span className="lk-headerbar__name" title={name}>
        <Icon name="user" size={18} /> {name}
      </span>
      <span className="lk-balance" aria-live="polite">
        <span className="lk-visually-hidden">{t('shell_balance')}</span>
        <span className="lk-balance__amount" data-testid="balance">
          {text === balancePlaceholderKey ? t(balancePlaceholderKey) : text}
        </span>
        <button type="button" className="lk-iconbutton" onClick={() => void refreshBalance()} aria-label={t('shell_balance_refresh')} disabled={balance.loading}>
          <span className={balance.loading ? 'lk-spin' : undefined}>
            <Icon name="refresh" size={16} />
          </span>
        </button>
        <button type="button" className="lk-iconbutton lk-balance__hide" onClick={toggleBalanceHidden} aria-pressed={hidden} aria-label={t('shell_balance_hide')}>
          <Icon name={hidden ? 'eyeOff' : 'eye'} size={16} />
        </button>
      </span>
      <AccountMenu />
      <button type="button" className="lk-button lk-headerbar__signout" onClick={() => void confirmSignOut()}>
        {t('shell_signout')}
      </button>
    </div>
  )
}

/** The member centre pages of the account menu (and of the phone drawer), with their labels. */
export const memberItems = [
  ['shell_menu_bets', 'personalHistoryCopy'],
  ['shell_menu_deposit', 'depositv2'],
  ['shell_menu_withdraw', 'withdraw'],
  ['shell_menu_records', 'transactionHistory'],
  ['shell_menu_member_centre', 'securityCenter'],
] as const

function AccountMenu() {
  const t = useT()
  const available = useStore($memberCenterAvailable)
  const agent = useStore($agentEntry)
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)

  useCloseOnOutside(root, Boolean(open), useCallback(() => setOpen(false), []))

  if (!available) return null
  const go = (kind: 'member' | 'agent', page: string) => {
    setOpen(false)
    // The item goes away with the list: focus the toggle, where the centre returns focus on close.
    root.current?.querySelector('button')?.focus()
    openCentre(kind, page)
  }
  return (
    <div
      className="lk-menu"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false)
          root.current?.querySelector('button')?.focus()
        }
      }}
    >
      <button type="button" className="lk-iconbutton" aria-expanded={open} aria-controls={id} aria-label={t('shell_menu')} onClick={() => setOpen(!open)}>
        <Icon name="chevron" />
      </button>
      {open && (
        <ul className="lk-menu__list" id={id}>
          {memberItems.map(([key, page]) => (
            <li key={page}>
              <button type="button" onClick={() => go('member', page)}>
                {t(key)}
              </button>
            </li>
          ))}
          <li>
            {agent ? (
              <button type="button" onClick={() => go('agent', 'agentTeamOverview')}>
                {t('shell_menu_agent')}
              </button>
            ) : (
              <button type="button" onClick={() => go('member', 'securityCenter')}>
                {t('shell_menu_my_account')}
              </button>
            )}
          </li>
        </ul>
      )}
    </div>
  )
}

/** The language select; `visibleLabel` shows its label (the phone drawer) instead of hiding it. */
export function LanguageSwitch({ visibleLabel = false }: { visibleLabel?: boolean }) {
  const t = useT()
  const locale = useStore($locale)
  const id = useId()
  // A language picked before or while the header hydrated reached no handler (and React may have
  // put the select back): the head script kept the pick.
  useEffect(() => {
    const picked = takeEarlyLanguagePick()
    if (picked && picked !== $locale.get()) void switchLanguage(picked)
  }, [])
  // A change arriving while React hydrates reads the value it put back (the current language).
  const pick = (lang: Language) => {
    takeEarlyLanguagePick()
    if (lang !== $locale.get()) void switchLanguage(lang)
  }
  return (
    <span className="lk-lang">
      <label htmlFor={id} className={visibleLabel ? undefined : 'lk-visually-hidden'}>
        {t('shell_language')}
      </label>
      <select id={id} {...{ [languagePickAttr]: '' }} value={locale} onChange={(e) => pick(e.target.value as Language)}>
        {supportedLanguages.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {nativeName(lang)}
          </option>
        ))}
      </select>
    </span>
  )
}

/** The dark-theme toggle; `withLabel` shows its name beside the icon (the phone drawer). */
export function ThemeSwitch({ mounted, withLabel = false }: { mounted: boolean; withLabel?: boolean }) {
  const t = useT()
  const theme = useStore($theme)
  // The site's pages are ours: the switch keeps <html data-theme> in step (the head script set it first).
  useEffect(applyThemeToPage, [])
  const dark = mounted && theme === 'dark'
  if (withLabel)
    return (
      <button type="button" className="lk-button lk-themeswitch--labelled" onClick={toggleTheme} aria-pressed={dark}>
        <Icon name={dark ? 'moon' : 'sun'} />
        {t('shell_theme_dark')}
      </button>
    )
  return (
    <button type="button" className="lk-iconbutton lk-themeswitch" onClick={toggleTheme} aria-pressed={dark} aria-label={t('shell_theme_dark')}>
      <Icon name={dark ? 'moon' : 'sun'} />
    </button>
  )
}
