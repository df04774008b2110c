import './shell.css'
import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import type { Language } from '../../sdk/contract/index.ts'
import { htmlLang, $locale } from '../../sdk/i18n/index.ts'
import { $csPrimary, openCustomerService } from '../../sdk/shell/index.ts'
import { $location, $status } from '../../sdk/stores/index.ts'
import { ErrorState, useT } from '../ui/index.ts'

/** Props of {@link StatusView}. */
export interface StatusPageProps {
  kind: 'maintenance' | 'blocked' | 'error'
  /** Asks for the status again (the `error` view's retry). */
  onRetry: () => void
}

/**
 * What `StatusGate` shows instead of the app; it loads this module only when the status asks for one
 * of these views (most visits never do).
 */
export default function StatusView({ kind, onRetry }: StatusPageProps) {
  return kind === 'error' ? <StatusError onRetry={onRetry} /> : <StatusPage kind={kind} />
}

/**
 * The maintenance page (title, optional end time, info, customer service) or the region-blocked page
 * (visitor IP, message, customer service), over the app, which it makes inert.
 */
function StatusPage({ kind }: { kind: 'maintenance' | 'blocked' }) {
  useEffect(() => {
    // The app behind the status page must not be reachable by keyboard or assistive technology.
    const others = Array.from(document.body.children).filter((el) => !el.contains(document.getElementById('lk-status-page')))
    for (const el of others) el.setAttribute('inert', '')
    document.documentElement.classList.remove('lk-gated')
    return () => {
      for (const el of others) el.removeAttribute('inert')
    }
  }, [])
  return kind === 'maintenance' ? <Maintenance /> : <Blocked />
}

function ContactButton() {
  const t = useT()
  const entry = useStore($csPrimary)
  if (!entry) return null
  return (
    <button type="button" className="lk-button lk-button--primary" onClick={() => openCustomerService(entry)}>
      {t('shell_cs_contact')}
    </button>
  )
}

/**
 * The end of maintenance in the page's language with its time zone ("1 ene 2030, 10:00 UTC"), or ''
 * when it is not a date. Not `formatDate`: that is the language-neutral style of record tables, and
 * a visitor reading a notice needs the month in words and the zone the time is in.
 */
function endTimeIn(value: string, lang: Language): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(htmlLang(lang), { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(date)
}

function Maintenance() {
  const t = useT()
  const lang = useStore($locale)
  const status = useStore($status).data
  const info = status?.maintenance
  // Texts from the server are the operator's, in the page's language (the status call sends it);
  // the locale's texts stand in when there are none (e.g. decided from the cached status).
  const endTime = info?.endTime ? endTimeIn(info.endTime, lang) : ''
  return (
    <section className="lk-statuspage" id="lk-status-page" aria-labelledby="lk-status-title">
      <div className="lk-statuspage__card">
        <h1 id="lk-status-title">{info?.title || t('shell_maintenance_title')}</h1>
        {endTime && <p>{t('shell_maintenance_until', { time: endTime })}</p>}
        <p>{info?.info || t('shell_maintenance_info')}</p>
        <ContactButton />
      </div>
    </section>
  )
}

function Blocked() {
  const t = useT()
  const status = useStore($status).data
  const location = useStore($location)
  return (
    <section className="lk-statuspage" id="lk-status-page" aria-labelledby="lk-status-title">
      <div className="lk-statuspage__card">
        <h1 id="lk-status-title">{t('shell_blocked_title')}</h1>
        <p>{status?.regionRestriction.message || t('shell_blocked_message')}</p>
        {location?.ip && <p>{t('shell_blocked_ip', { ip: location.ip })}</p>}
        <ContactButton />
      </div>
    </section>
  )
}

/** Shown instead of a page closed to guests when the status cannot be read: nothing of the page shows. */
function StatusError({ onRetry }: { onRetry: () => void }) {
  const t = useT()
  const { error, loading } = useStore($status)
  return (
    <section className="lk-statuspage" aria-labelledby="lk-status-error-title" aria-busy={loading}>
      <div className="lk-statuspage__card">
        <h1 id="lk-status-error-title">{t('shell_status_error_title')}</h1>
        <ErrorState messageKey={error?.messageKey ?? 'err_network_error'} onRetry={onRetry} />
      </div>
    </section>
  )
}
