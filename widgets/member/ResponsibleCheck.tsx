import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { formatMoney } from '../../sdk/format/index.ts'
import { $sessionFigures, answerRealityCheck, formatElapsed } from '../../sdk/protect/index.ts'
import { Modal } from '../ui/Modal.tsx'
import { useT } from '../ui/index.ts'

/**
 * The reality check (issue 30): when the interval the player chose has passed since login or the last
 * answer, a dialog over the page (the game frame and the lottery included) says how long they have been
 * logged in and their net result since then, with "continue", "see my history" and "log out". It cannot
 * be dismissed without an answer; each answer is recorded by the platform.
 */
export default function ResponsibleCheck() {
  const t = useT()
  const figures = useStore($sessionFigures)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const open = Boolean(figures?.due)
  const answer = async (a: 'continue' | 'history' | 'logout') => {
    setBusy(true)
    const result = await answerRealityCheck(a)
    setBusy(false)
    setFailed(Boolean(result.error))
  }
  return (
    <Modal open={open} onClose={() => void answer('continue')} name="realityCheck" titleKey="rg_check_title" closable={false}>
      {figures && (
        <div className="lk-rg-check">
          <p>{t('rg_check_text', { elapsed: formatElapsed(figures.elapsed), net: formatMoney(figures.net) })}</p>
          {failed && (
            <p role="alert" className="lk-field__error">
              {t('err_network_error')}
            </p>
          )}
          <div className="lk-rg-check__actions">
            <button type="button" className="lk-button lk-button--primary" disabled={busy} onClick={() => void answer('continue')}>
              {t('rg_check_continue')}
            </button>
            <button type="button" className="lk-button" disabled={busy} onClick={() => void answer('history')}>
              {t('rg_check_history')}
            </button>
            <button type="button" className="lk-button" disabled={busy} onClick={() => void answer('logout')}>
              {t('rg_check_logout')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  )
}
