import { useStore } from '@nanostores/react'
import { useEffect, useId, useState } from 'react'
// The popup store only: the account flows load when they are used.
import { openAuth } from '../../sdk/auth/modal.ts'
import type { Language } from '../../sdk/contract/index.ts'
import { languageName } from '../../sdk/format/index.ts'
import { $locale, htmlLang, supportedLanguages } from '../../sdk/i18n/index.ts'
import { languageOfChange, languagePickAttr, switchLanguage, takeEarlyLanguagePick } from '../../sdk/shell/index.ts'
import { $balanceText, $flags, $loggedIn, $session, $status, $theme, applyThemeToPage, balancePlaceholderKey, toggleTheme } from '../../sdk/stores/index.ts'
import { useMounted, useOnDemand, useT } from '../ui/index.ts'
import { Icon } from './icons.tsx'
import { MenuButton } from './MenuButton.tsx'
import { pages } from '../../sdk/pages/index.ts'

// A member's account area (balance, menu, sign-out) loads once the header knows a member is signed
// in: a guest's first load does without it.
const loadAccount = () => import('./Account.tsx')

// Each language named in itself (Intl.DisplayNames), whatever the page's language.
const nativeName = (lang: Language): string => languageName(htmlLang(lang))

/** Each offered language's own name (`{ es: 'Español' }`), as {@link HeaderBar} takes them from the page. */
export const nativeLanguageNames = (): Record<string, string> => Object.fromEntries(supportedLanguages.map((lang) => [lang, nativeName(lang)]))

/** Props of {@link HeaderBar}. */
export interface HeaderBarProps {
  /**
   * The languages' own names ({@link nativeLanguageNames}), worked out when the page was built: a
   * phone's browser takes some 60 ms to load the data `Intl.DisplayNames` needs, which hydrating the
   * header would otherwise spend before it answers a tap.
   */
  languageNames?: Record<string, string>
}

/** Header controls: account area (login/register or account, balance, menu, sign-out), language and theme. */
export function HeaderBar({ languageNames }: HeaderBarProps) {
  const mounted = useMounted()
  const loggedIn = useStore($loggedIn) && mounted
  const Account = useOnDemand(loggedIn, loadAccount)
  return (
    <div className="lk-headerbar">
      {loggedIn && Account ? <Account /> : null}
      {loggedIn ? null : <Guest />}
      {/* The server and the first render cannot know the session: both layouts are there, and the page's
          class (the head script's `lk-authed`) shows one; the member's keeps its place until Account has loaded. */}
      {!mounted || (loggedIn && !Account) ? <AccountPending filled={mounted} /> : null}
      <LanguageSwitch names={languageNames} />
      <ThemeSwitch mounted={mounted} />
      <MenuButton />
    </div>
  )
}

/**
 * The signed-in account area's boxes, empty and unseen, each the size of the one `Account` puts in its
 * place (same classes; the name and the amount have fixed widths), so nothing in the header moves when
 * the session renders. Only a page the head script marked signed in (`lk-authed`) gives it room.
 */
function AccountPending({ filled }: { filled: boolean }) {
  const t = useT()
  const session = useStore($session)
  const text = useStore($balanceText)
  // Once running (the account area's code still loading), the name and the balance show in their places:
  // a page whose header the shell's script drew (site/components/lean/account.ts) keeps showing them.
  const shown = (value: string) => (filled ? value : undefined)
  return (
    <div className={`lk-headerbar__account lk-headerbar__pending${filled ? ' lk-headerbar__pending--filled' : ''}`} aria-hidden="true" inert>
      <span className="lk-headerbar__name">{shown(session.account ?? '')}</span>
      <span className="lk-balance">
        <span className="lk-balance__amount">{shown(text === balancePlaceholderKey ? t(balancePlaceholderKey) : text)}</span>
        <button type="button" className="lk-iconbutton" tabIndex={-1} />
        <button type="button" className="lk-iconbutton lk-balance__hide" tabIndex={-1} />
      </span>
      <span className="lk-button lk-button--primary lk-headerbar__deposit">{t('shell_menu_deposit')}</span>
      <button type="button" className="lk-iconbutton lk-headerbar__messages" tabIndex={-1} />
      <div className="lk-menu">
        <button type="button" className="lk-iconbutton" tabIndex={-1} />
      </div>
      <button type="button" className="lk-button lk-headerbar__signout" tabIndex={-1}>
        {t('shell_signout')}
      </button>
    </div>
  )
}

function Guest() {
  const t = useT()
  const flags = useStore($flags)
  const mounted = useMounted()
  // Whether direct registration is offered is known once the platform's status has come.
  const status = useStore($status)
  const waiting = !mounted || status.data === undefined
  // Links work without JavaScript (the routes exist); with it, the popups open in place.
  return (
    // `data-live`: until the header knows the session, a page the head script marked signed-in hides these.
    <div className="lk-headerbar__guest" data-live={mounted ? '' : undefined}>
      {/* `data-press`: on a content page a press before the header hydrated opens the popup once it has (site/directives/paint.ts). */}
      <a
        className="lk-button lk-button--primary"
        data-press=""
        href={pages.login}
        onClick={(e) => {
          e.preventDefault()
          // The header's login popup, with its forgot-password icon (SPEC §2), also when this press is the
          // page's first: then the auth host, which notes where clicks happen, starts only after it.
          openAuth('login', 'header')
        }}
      >
        {t('shell_login')}
      </a>
      {/* Unseen until the header knows the flag, its place kept (the buttons beside it do not move when it
          shows); on a content page the shell's script decides before that (LeanShell.astro). */}
      {(waiting || flags.DIRECTREG3) && (
        <a
          className="lk-button"
          data-press=""
          data-register={waiting ? 'waiting' : ''}
          href={pages.register}
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

/**
 * The language select; `visibleLabel` shows its label (the phone drawer) instead of hiding it; `names`
 * are the languages' own names when the page has them (else `Intl.DisplayNames` gives them).
 */
export function LanguageSwitch({ visibleLabel = false, names }: { visibleLabel?: boolean; names?: Record<string, string> }) {
  const t = useT()
  const locale = useStore($locale)
  const id = useId()
  // The page keeps its language until its variant in the picked one loads: the select shows the pick meanwhile.
  const [picked, setPicked] = useState<Language | null>(null)
  const pick = (lang: Language) => {
    if (lang === $locale.get()) return
    setPicked(lang)
    void switchLanguage(lang)
  }
  // A language picked before or while the header hydrated reached no handler (and React may have
  // put the select back): the head script kept the pick.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration: later picks come through onChange
  useEffect(() => {
    const early = takeEarlyLanguagePick()
    if (early) pick(early)
  }, [])
  return (
    <span className="lk-lang">
      <label htmlFor={id} className={visibleLabel ? undefined : 'lk-visually-hidden'}>
        {t('shell_language')}
      </label>
      {/* A change arriving while React hydrates reads the value it put back (the current language): the head script's record says what was picked. */}
      <select
        id={id}
        {...{ [languagePickAttr]: '' }}
        value={picked ?? locale}
        onChange={(e) => {
          const lang = languageOfChange(e.target.value)
          if (lang) pick(lang)
        }}
      >
        {supportedLanguages.map((lang) => (
          <option key={lang} value={lang} lang={htmlLang(lang)}>
            {names?.[lang] ?? nativeName(lang)}
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
