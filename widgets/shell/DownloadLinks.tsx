import './shell.css'
import { useEffect } from 'react'
import { $liteInstall, installLiteApp, startLiteApp } from '../../sdk/shell/lite.ts'
import { $resources } from '../../sdk/stores/index.ts'
import { useClientStore, useT } from '../ui/index.ts'

/** Props of {@link DownloadLinks}. */
export interface DownloadLinksProps {
  resource: 'IOS' | 'ANDROID' | 'LITE'
}

const safe = (url: string | undefined) => (url && /^(https?:)?\/\//i.test(url) ? url : url?.startsWith('/') ? url : undefined)

/** Download button and QR code of one app, from the status resources; the box keeps its size while loading. */
export function DownloadLinks({ resource }: DownloadLinksProps) {
  if (resource === 'LITE') return <LiteInstall />
  return <AppLinks resource={resource} />
}

function AppLinks({ resource }: DownloadLinksProps) {
  const t = useT()
  const entry = useClientStore($resources, []).find((r) => r.resourceType === resource)
  const url = safe(entry?.url)
  const qr = safe(entry?.qrCodeUrl)
  return (
    <div className="lk-download">
      {qr ? <img src={qr} alt={t('shell_download_scan')} width="96" height="96" loading="lazy" /> : <span className="lk-download__qr" aria-hidden="true" />}
      {url ? (
        <a className="lk-button lk-button--primary" href={url} rel="noopener">
          {t('shell_download_get')}
        </a>
      ) : (
        <span className="lk-button" aria-disabled="true">
          {t('shell_download_get')}
        </span>
      )}
    </div>
  )
}

/**
 * The lite app's entry: the browser's install dialog where it offers one (Chromium), else how to add
 * the site to the home screen; once installed, says so.
 */
function LiteInstall() {
  const t = useT()
  const state = useClientStore($liteInstall, 'manual')
  useEffect(startLiteApp, [])
  return (
    <div className="lk-download">
      {state === 'prompt' ? (
        <button type="button" className="lk-button lk-button--primary" onClick={() => void installLiteApp()}>
          {t('mobile_lite_install')}
        </button>
      ) : (
        <p role="status">{t(state === 'installed' ? 'mobile_lite_installed' : 'mobile_lite_how')}</p>
      )}
    </div>
  )
}
