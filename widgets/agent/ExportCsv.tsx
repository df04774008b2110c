import { useState } from 'react'
import type { Outcome } from '../../sdk/money/index.ts'
import { useT } from '../ui/index.ts'
import { FormError, Notice } from '../member/controls.tsx'

/** The CSV export of a report's filtered range: a button, then how many rows the file holds (or the error). */
export function ExportCsv({ run, doneKey = 'agent_exported_rows' }: { run: () => Promise<Outcome<number>>; doneKey?: string }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState('')
  const [error, setError] = useState('')
  const go = async () => {
    setBusy(true)
    const r = await run()
    setBusy(false)
    setNote(r.data !== undefined ? t(doneKey, { count: r.data }) : '')
    setError(r.error ? t(r.error.fields?.from ?? r.error.messageKey) : '')
  }
  return (
    <div className="lk-money__actions">
      <button type="button" className="lk-button" disabled={busy} onClick={() => void go()}>
        {t('agent_export')}
      </button>
      <Notice text={note} />
      <FormError text={error} />
    </div>
  )
}
