import { t } from '../../../sdk/i18n/index.ts'
import { $liteInstall, installLiteApp, startLiteApp } from '../../../sdk/shell/lite.ts'
import { $resources } from '../../../sdk/stores/index.ts'
import { drawOn, element, whenSeen } from './press.ts'

/**
 * The download page's app entries drawn without React, in the boxes the server drew
 * (widgets/shell/DownloadLinks.tsx, `data-lean-download`): an app's button and QR code from the
 * platform's status resources, and the lite app's install entry. Each starts when it first comes near
 * the view, as its island did (the lite entry registers the lite app's worker then).
 */

/** A link the page may follow: an http(s) address, protocol-relative, or a path of this site. */
const safe = (url: string | undefined) => (url && /^(https?:)?\/\//i.test(url) ? url : url?.startsWith('/') ? url : undefined)

/** An app's QR code and "Get the app" button, from the status resources of `resource` (IOS, ANDROID). */
function startApp(box: HTMLElement, resource: string): void {
  let url: string | undefined
  let qr: string | undefined
  drawOn(
    [$resources],
    () => {
      const entry = $resources.get().find((r) => r.resourceType === resource)
      url = safe(entry?.url)
      qr = safe(entry?.qrCodeUrl)
      return `${url}\u0000${qr}`
    },
    () => {
      let code: HTMLElement
      if (qr) {
        const image = element('img')
        image.src = qr
        image.alt = t('shell_download_scan')
        image.width = 96
        image.height = 96
        image.loading = 'lazy'
        code = image
      } else {
        code = element('span', 'lk-download__qr')
        code.setAttribute('aria-hidden', 'true')
      }
      let get: HTMLElement
      if (url) {
        const link = element('a', 'lk-button lk-button--primary', t('shell_download_get'))
        link.href = url
        link.rel = 'noopener'
        get = link
      } else {
        get = element('span', 'lk-button', t('shell_download_get'))
        get.setAttribute('aria-disabled', 'true')
      }
      box.replaceChildren(code, get)
    },
  )
}

/** The lite app's entry: the browser's install offer as a button where it made one, else how to add it; then that it is installed. */
function startLite(box: HTMLElement): void {
  startLiteApp()
  $liteInstall.subscribe((state) => {
    if (state === 'prompt') {
      const install = element('button', 'lk-button lk-button--primary', t('mobile_lite_install'))
      install.type = 'button'
      install.addEventListener('click', () => void installLiteApp())
      box.replaceChildren(install)
    } else {
      const status = element('p', undefined, t(state === 'installed' ? 'mobile_lite_installed' : 'mobile_lite_how'))
      status.setAttribute('role', 'status')
      box.replaceChildren(status)
    }
  })
}

/** Starts each entry (`data-lean-download`: IOS, ANDROID or LITE) when it first comes near the view. */
export function startDownloads(boxes: Iterable<HTMLElement>): void {
  whenSeen(boxes, (box) => {
    const resource = box.dataset.leanDownload ?? ''
    if (resource === 'LITE') startLite(box)
    else startApp(box, resource)
  })
}
