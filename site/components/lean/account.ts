import { afterLoginPending, $authModal } from '../../../sdk/auth/modal.ts'
import { $guardWarning, $memberCenterAvailable } from '../../../sdk/guard/index.ts'
import { t } from '../../../sdk/i18n/index.ts'
import { $sessionFigures } from '../../../sdk/protect/clock.ts'
import { $askDepositLimit, $depositOffered } from '../../../sdk/protect/quiet.ts'
import { $unreadMessages } from '../../../sdk/service/unread.ts'
import {
  $balance,
  $balanceHidden,
  $balanceText,
  $loggedIn,
  $loginPrompt,
  $member,
  $passwordChangeRequired,
  $session,
  balancePlaceholderKey,
  refreshBalance,
  toggleBalanceHidden,
} from '../../../sdk/stores/index.ts'
import { element, templateIcon, wake } from './press.ts'

/**
 * A signed-in member's account area in the header without React (issue 38 item 5), as
 * widgets/shell/Account.tsx draws it: the name, the balance with its refresh and hide buttons (which
 * work here), Deposit, messages with the unread count, the account menu and sign-out. Those four need React: a press on one
 * starts the header's island (site/directives/paint.ts removes this drawing first, as it removes all
 * the shell's script added), and once the island's account area is there the press is made on its
 * control, with the focus. The island's own account boxes (HeaderBar's AccountPending) give way to
 * this drawing (shell.css), so nothing moves.
 * @module
 */

/**
 * A page the head script marked signed in: the header's account area is drawn here. A page whose own
 * island waits (the VIP ladder, the point mall, a promotion's activity, the promotions' states: a
 * guest's are drawn without React or not at all) is the member's now and starts, with every press
 * island, the header's included (React comes for the page anyway); so does the header without its
 * island or a session. The popup hosts start when the member's session asks for a popup
 * ({@link popupAsked}).
 */
export function startMemberPage(): void {
  const pageWaits = [...document.querySelectorAll('main astro-island[ssr]')].some((island) => /"value":"(press|wake)"/.test(island.getAttribute('opts') ?? ''))
  const header = document.querySelector<HTMLElement>('header astro-island[ssr]:has(> .lk-headerbar)')
  if (pageWaits || !header || !startAccount(header)) wake(true)
  // Waking twice does nothing more: the watching may go on.
  else popupAsked(() => wake())
}

/**
 * Calls `ask` when something of the member's session needs one of the popup hosts (their islands wait
 * on a content page, site/directives/paint.ts): the after-login popup still to show, the deposit-limit
 * question after a registration, a forced password change the platform asked for, the reality check
 * falling due (widgets/member/ResponsibleCheck.tsx, the same figures), or a login prompt, a guard's
 * warning or an account popup opened by a press.
 */
function popupAsked(ask: () => void): void {
  if (afterLoginPending()) {
    ask()
    return
  }
  for (const store of [$askDepositLimit, $passwordChangeRequired, $loginPrompt, $guardWarning, $authModal]) store.subscribe((value) => value && ask())
  $sessionFigures.subscribe((figures) => figures?.due && ask())
}

/** The controls of Account.tsx a press here is made again on, once it is there. */
const needsReact = ['lk-headerbar__deposit', 'lk-headerbar__messages', 'lk-menu', 'lk-headerbar__signout'] as const

/** An icon of the shell's set, from the template LeanShell.astro drew. */
const icon = (name: string): Element => templateIcon(document.querySelector<HTMLTemplateElement>('template[data-account-icons]'), name)

/** A button of this drawing (`data-lean`: the island's press handling leaves it to this module). */
function button(className: string, label?: string): HTMLButtonElement {
  const b = element('button', className)
  b.type = 'button'
  b.dataset.lean = ''
  if (label) b.setAttribute('aria-label', label)
  return b
}

/** Shows or leaves out `el` as Account.tsx renders it or not (the style: the buttons' own display would win over `hidden`; the page's rules for narrow screens still apply). */
const shown = (el: HTMLElement, yes: boolean) => {
  if (yes) el.style.removeProperty('display')
  else el.style.display = 'none'
}

/**
 * Draws the member's account area in `island` (the header's HeaderBar, still waiting for a press) on a
 * page the head script marked signed in (`false`: no such island, or no session after all). A press that
 * needs React starts every press island.
 */
export function startAccount(island: HTMLElement): boolean {
  const bar = island.querySelector<HTMLElement>(':scope > .lk-headerbar')
  if (!bar || !$loggedIn.get()) return false
  const box = element('div', 'lk-headerbar__account')
  box.dataset.lean = ''
  box.dataset.leanAccount = ''

  const name = element('span', 'lk-headerbar__name')
  const nameText = document.createTextNode('')
  name.append(icon('user'), ' ', nameText)

  const balance = element('span', 'lk-balance')
  balance.setAttribute('aria-live', 'polite')
  const amount = element('span', 'lk-balance__amount')
  amount.dataset.testid = 'balance'
  const refresh = button('lk-iconbutton', t('shell_balance_refresh'))
  const spinner = element('span')
  spinner.append(icon('refresh'))
  refresh.append(spinner)
  refresh.addEventListener('click', () => void refreshBalance())
  const hide = button('lk-iconbutton lk-balance__hide', t('shell_balance_hide'))
  hide.addEventListener('click', toggleBalanceHidden)
  balance.append(element('span', 'lk-visually-hidden', t('shell_balance')), amount, refresh, hide)

  const deposit = button('lk-button lk-button--primary lk-headerbar__deposit')
  deposit.textContent = t('shell_menu_deposit')
  const messages = button('lk-iconbutton lk-headerbar__messages', t('shell_messages'))
  const badge = element('span', 'lk-headerbar__badge')
  badge.dataset.testid = 'messages-unread'
  badge.setAttribute('aria-hidden', 'true')
  messages.append(icon('mail'), badge)
  const menu = element('div', 'lk-menu')
  const menuButton = button('lk-iconbutton', t('shell_menu'))
  menuButton.setAttribute('aria-expanded', 'false')
  menuButton.append(icon('chevron'))
  menu.append(menuButton)
  const signOut = button('lk-button lk-headerbar__signout')
  signOut.textContent = t('shell_signout')
  box.append(name, balance, deposit, messages, menu, signOut)

  // What the stores say, kept in the drawing as it changes (the elements stay: a focused one keeps the focus).
  const stops = [
    $balanceText.subscribe((text) => {
      amount.textContent = text === balancePlaceholderKey ? t(balancePlaceholderKey) : text
    }),
    $balance.subscribe(({ loading }) => {
      refresh.disabled = Boolean(loading)
      spinner.className = loading ? 'lk-spin' : ''
    }),
    $balanceHidden.subscribe((hidden) => {
      hide.setAttribute('aria-pressed', String(hidden))
      hide.replaceChildren(icon(hidden ? 'eyeOff' : 'eye'))
    }),
    $member.subscribe((member) => {
      const text = member.data?.account || $session.get().account || ''
      nameText.data = text
      name.title = text
    }),
    $depositOffered.subscribe((offered) => shown(deposit, offered)),
    // No count is claimed before the platform answers.
    $unreadMessages.subscribe(({ data }) => {
      const count = data ?? 0
      messages.setAttribute('aria-label', data === undefined ? t('shell_messages') : t('shell_messages_unread', { count }))
      badge.textContent = count > 99 ? '99+' : String(count)
      shown(badge, count > 0)
    }),
    $memberCenterAvailable.subscribe((available) => {
      shown(messages, available)
      shown(menu, available)
    }),
  ]

  // A press that needs React: the island starts (its code takes this drawing away), and the press is
  // made on the island's own control once its account area is there.
  let asked: string | null = null
  box.addEventListener('click', (event) => {
    const control = (event.target as Element).closest('button')
    const which = needsReact.find((c) => control?.classList.contains(c) || control?.parentElement?.classList.contains(c))
    if (!control || !which) return
    control.setAttribute('aria-busy', 'true')
    if (asked === null) pressWhenThere(island)
    asked = which
    wake(true)
  })
  const pressWhenThere = (root: HTMLElement) => {
    const ready = () => root.querySelector<HTMLElement>('.lk-headerbar__account:not(.lk-headerbar__pending):not([data-lean])')
    const press = () => {
      const account = ready()
      if (!account || asked === null) return false
      const target = account.querySelector<HTMLElement>(`.${asked}`)
      const control = target?.matches('button') ? target : target?.querySelector<HTMLElement>('button')
      asked = null
      control?.focus()
      control?.click()
      return true
    }
    const seen = new MutationObserver(() => {
      if (press()) seen.disconnect()
    })
    seen.observe(root, { childList: true, subtree: true })
  }
  // Signed out here (an expired session): the island takes over, as the guest's header is its.
  const stopAll = () => {
    for (const stop of stops) stop()
  }
  stops.push(
    $loggedIn.listen((signedIn) => {
      if (signedIn) return
      stopAll()
      box.remove()
      wake(true)
    }),
  )
  // Once the island has started, the drawing is gone (paint.ts took it away): so are its subscriptions.
  island.addEventListener('astro:hydrate', stopAll, { once: true })
  bar.prepend(box)
  return true
}
