import { t } from '../../../sdk/i18n/index.ts'
import { $csLinks, openCustomerService } from '../../../sdk/shell/index.ts'
import { $flags, $status } from '../../../sdk/stores/index.ts'
import { element } from './press.ts'

const channelKey = { livechat: 'shell_cs_livechat', whatsapp: 'shell_cs_whatsapp', telegram: 'shell_cs_telegram' } as const

/**
 * The right bar's customer-service lines on a content page before the bar's island runs (its
 * server HTML has only the service tools): each opens its line as widgets/shell/SideBars.tsx does,
 * without React. They are marked `data-lean`: the island takes them away when it hydrates and
 * renders its own (site/directives/paint.ts). `icons` holds each channel's icon the server drew.
 */
export function startServiceLines(island: HTMLElement, icons: HTMLTemplateElement): void {
  const list = island.querySelector('.lk-sidebar--right ul')
  if (!list) return
  $csLinks.subscribe((links) => {
    if (!island.hasAttribute('ssr')) return
    for (const old of list.querySelectorAll('[data-lean]')) old.remove()
    for (const link of links) {
      const button = element('button', 'lk-sidebar__button')
      button.type = 'button'
      button.dataset.lean = ''
      button.dataset.channel = link.channel
      button.setAttribute('aria-label', t(channelKey[link.channel]))
      button.title = t(channelKey[link.channel])
      const icon = icons.content.querySelector(`[data-icon="${link.channel}"]`)
      if (icon) button.append(...[...icon.childNodes].map((n) => n.cloneNode(true)))
      button.addEventListener('click', () => openCustomerService(link.entry))
      const li = element('li')
      li.dataset.lean = ''
      li.append(button)
      list.append(li)
    }
  })
}

/** The header's Register link (unseen in its place in the server HTML) shown while the header's island has not run, when the platform offers direct registration. */
export function startRegister(link: HTMLElement): void {
  $flags.subscribe((flags) => {
    // Until the platform's status has come, the flag is not known: the link keeps waiting.
    if (!$status.get().data || !link.isConnected || !link.closest('astro-island[ssr]')) return
    // Shown where it waited (its place was kept), or taken away when the platform has no direct sign-up.
    if (flags.DIRECTREG3) link.dataset.register = ''
    else link.hidden = true
  })
}
