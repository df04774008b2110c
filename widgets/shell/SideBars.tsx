import './shell.css'
import { $csLinks, openCustomerService, type CsChannel } from '../../sdk/shell/index.ts'
import { warn } from '../../sdk/ui/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { Icon, type MoreIconName } from './more-icons.tsx'

const channelIcon: Record<CsChannel, MoreIconName> = { livechat: 'chat', whatsapp: 'whatsapp', telegram: 'telegram' }
const channelKey: Record<CsChannel, string> = { livechat: 'shell_cs_livechat', whatsapp: 'shell_cs_whatsapp', telegram: 'shell_cs_telegram' }

/** Right bar: customer-service entries (live chat or the VIP line, WhatsApp, Telegram) opened in a popup. */
export function RightBar() {
  const t = useT()
  const links = useClientStore($csLinks, [])
  if (links.length === 0) return null
  return (
    <aside className="lk-sidebar lk-sidebar--right" aria-label={t('shell_cs')}>
      <ul>
        {links.map((link) => (
          <li key={link.channel}>
            <button
              type="button"
              className="lk-sidebar__button"
              onClick={() => openCustomerService(link.entry)}
              aria-label={t(channelKey[link.channel])}
              title={t(channelKey[link.channel])}
              data-channel={link.channel}
            >
              <Icon name={channelIcon[link.channel]} />
            </button>
          </li>
        ))}
      </ul>
    </aside>
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
