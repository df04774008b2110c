import './shell.css'
import { useId, useState } from 'react'
import { $csLinks, openCustomerService, type CsChannel } from '../../sdk/shell/index.ts'
import { $chatUnread, $serviceTool, closeServiceTool, openServiceTool, type ServiceTool } from '../../sdk/service/launcher.ts'
import { loadNamespaces } from '../../sdk/i18n/index.ts'
import { warn } from '../../sdk/ui/index.ts'
import { useClientStore, useOnDemand, useT } from '../ui/index.ts'
import { Icon, type MoreIconName } from './more-icons.tsx'

// Customer service's own tools: a facade that costs nothing until clicked (the tools' code and texts load then).
const tools: readonly [ServiceTool, MoreIconName, string][] = [
  ['chat', 'chat', 'shell_cs_chat'],
  ['feedback', 'feedback', 'shell_cs_feedback'],
  ['speed', 'gauge', 'shell_cs_speed'],
]
const loadServiceHost = () => Promise.all([import('../service/ServiceHost.tsx'), loadNamespaces(['service'])]).then(([module]) => module)

const channelIcon: Record<CsChannel, MoreIconName> = { livechat: 'chat', whatsapp: 'whatsapp', telegram: 'telegram' }
const channelKey: Record<CsChannel, string> = { livechat: 'shell_cs_livechat', whatsapp: 'shell_cs_whatsapp', telegram: 'shell_cs_telegram' }

/**
 * Right bar: the chat room, feedback and the speed test (each opened in a modal whose code loads on
 * first use), then the customer-service entries (live chat or the VIP line, WhatsApp, Telegram) opened in a popup.
 */
export function RightBar() {
  const t = useT()
  const links = useClientStore($csLinks, [])
  const tool = useClientStore($serviceTool, null)
  const unread = useClientStore($chatUnread, 0)
  const Host = useOnDemand(tool !== null, loadServiceHost, closeServiceTool)
  // On a phone the bar is one button that unfolds the list (six round buttons stacked over the page
  // covered the forms' own buttons at 390 px); on wider screens the list always shows and this is hidden.
  const [open, setOpen] = useState(false)
  const listId = useId()
  // The modals sit beside the bar, not in it: the bar's transform would hold their fixed cover inside it.
  return (
    <>
      <aside className="lk-sidebar lk-sidebar--right" aria-label={t('shell_cs')}>
        <ul id={listId} className={open ? 'is-open' : undefined}>
          {tools.map(([name, icon, key]) => (
            <li key={name}>
              <button
                type="button"
                className="lk-sidebar__button"
                onClick={() => {
                  setOpen(false)
                  openServiceTool(name)
                }}
                aria-label={name === 'chat' && unread > 0 ? `${t(key)} (${unread})` : t(key)}
                title={t(key)}
                aria-haspopup="dialog"
                data-tool={name}
              >
                <Icon name={icon} />
                {name === 'chat' && unread > 0 && (
                  <span className="lk-sidebar__badge" data-testid="chat-unread">
                    {unread}
                  </span>
                )}
              </button>
            </li>
          ))}
          {links.map((link) => (
            <li key={link.channel}>
              <button
                type="button"
                className="lk-sidebar__button"
                onClick={() => {
                  setOpen(false)
                  openCustomerService(link.entry)
                }}
                aria-label={t(channelKey[link.channel])}
                title={t(channelKey[link.channel])}
                data-channel={link.channel}
              >
                <Icon name={channelIcon[link.channel]} />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="lk-sidebar__button lk-sidebar__toggle"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={unread > 0 ? `${t('shell_cs_contact')} (${unread})` : t('shell_cs_contact')}
          title={t('shell_cs_contact')}
          onClick={() => setOpen(!open)}
        >
          <Icon name="chat" />
          {unread > 0 && <span className="lk-sidebar__badge">{unread}</span>}
        </button>
      </aside>
      {Host && <Host />}
    </>
  )
}

const leftItems = [
  ['gift', 'shell_left_gift'],
  ['calendar', 'shell_left_checkin'],
  ['star', 'shell_left_wheel'],
] as const

/** Left bar: features still being built; a click says so (SPEC §8 'updating'). */
export function LeftBar() {
  const t = useT()
  return (
    <aside className="lk-sidebar lk-sidebar--left" aria-label={t('shell_left_label')}>
      <ul>
        {leftItems.map(([icon, key]) => (
          <li key={key}>
            <button type="button" className="lk-sidebar__button" onClick={() => void warn('shell_updating')} aria-label={t(key)} title={t(key)}>
              <Icon name={icon} />
            </button>
          </li>
        ))}
      </ul>
    </aside>
  )
}
