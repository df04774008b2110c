import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { $memberCenterAvailable } from '../../sdk/guard/index.ts'
import { $depositOffered } from '../../sdk/protect/quiet.ts'
import { loadNamespaces } from '../../sdk/i18n/index.ts'
import { $agentEntry, openCentre } from '../../sdk/centre/index.ts'
import { $unreadMessages } from '../../sdk/service/unread.ts'
import { $balance, $balanceHidden, $balanceText, $member, $session, balancePlaceholderKey, refreshBalance, toggleBalanceHidden } from '../../sdk/stores/index.ts'
import { warn } from '../../sdk/ui/index.ts'
import { useCloseOnOutside, useT } from '../ui/index.ts'
import { Icon } from './more-icons.tsx'

/** Sign-out: the flow (confirm dialog, logout call) and its messages load on the click. */
export const confirmSignOut = () =>
  Promise.all([import('../../sdk/auth/index.ts'), loadNamespaces(['auth'])]).then(
    ([auth]) => auth.confirmSignOut(),
    () => warn('err_chunk_load'),
  )

/** The signed-in member's header area: name, balance with refresh and hide, Deposit, messages, the account menu, sign-out. */
export default function Account() {
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
      <DepositButton />
      <MessagesButton />
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
  ['shell_menu_responsible', 'responsibleGaming'],
] as const

/** Deposit, one press from every page on a wide screen (a phone has it in its bottom bar): opens the member centre's depositv2. */
function DepositButton() {
  const t = useT()
  const offered = useStore($depositOffered)
  if (!offered) return null
  return (
    <button type="button" className="lk-button lk-button--primary lk-headerbar__deposit" onClick={() => openCentre('member', 'depositv2')}>
      {t('shell_menu_deposit')}
    </button>
  )
}

/** Platform messages with their unread count (SPEC §7 CSP_unreadCount): opens the member centre's messageV2. */
function MessagesButton() {
  const t = useT()
  const available = useStore($memberCenterAvailable)
  const unread = useStore($unreadMessages)
  if (!available) return null
  const count = unread.data ?? 0
  // No count is claimed before the platform answers.
  const label = unread.data === undefined ? t('shell_messages') : t('shell_messages_unread', { count })
  return (
    <button type="button" className="lk-iconbutton lk-headerbar__messages" onClick={() => openCentre('member', 'messageV2')} aria-label={label}>
      <Icon name="mail" size={18} />
      {count > 0 && (
        <span className="lk-headerbar__badge" data-testid="messages-unread" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  )
}

function AccountMenu() {
  const t = useT()
  const available = useStore($memberCenterAvailable)
  const agent = useStore($agentEntry)
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)

  useCloseOnOutside(
    root,
    Boolean(open),
    useCallback(() => setOpen(false), []),
  )

  if (!available) return null
  const go = (kind: 'member' | 'agent', page: string) => {
    setOpen(false)
    // The item goes away with the list: focus the toggle, where the centre returns focus on close.
    root.current?.querySelector('button')?.focus()
    openCentre(kind, page)
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the open menu closes it; the menu's own buttons are the controls
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
