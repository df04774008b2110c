import { useStore } from '@nanostores/react'
import { useId, useState } from 'react'
import { formatMoney } from '../../sdk/format/index.ts'
import { $protect, $sessionFigures, answerRealityCheck, formatElapsed } from '../../sdk/protect/index.ts'
import { Modal } from '../ui/Modal.tsx'
import { useT } from '../ui/index.ts'
import { $askDepositLimit, doneAskingDepositLimit } from '../../sdk/protect/quiet.ts'
import { openCentre } from '../../sdk/centre/index.ts'
import { DepositLimitQuestion } from './ResponsibleDeposit.tsx'

/**
 * The reality check: when the interval the player chose has passed since login or the last
 * answer, a dialog over the page (the game frame and the lottery included) says how long they have been
 * logged in and their net result since then, with "continue", "see my history" and "log out". It cannot
 * be dismissed without an answer; each answer is recorded by the platform.
 */
export default function ResponsibleCheck() {
  const ask = useStore($askDepositLimit)
  return (
    <>
      <RealityCheck />
      {ask && <RegistrationQuestion />}
    </>
  )
}

function RealityCheck() {
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

/**
 * After a registration, the deposit-limit question on the next page, the same as before a
 * first deposit: set a limit (the responsible gaming page opens) or skip it explicitly. A panel at the
 * foot of the page rather than a modal: it asks without taking the page away.
 */
function RegistrationQuestion() {
  const t = useT()
  const id = useId()
  const state = useStore($protect)
  if (state.data?.prompt !== 'deposit_limit') return null
  const set = () => {
    doneAskingDepositLimit()
    openCentre('member', 'responsibleGaming')
  }
  return (
    <section className="lk-rg-ask" aria-labelledby={id} style={askStyle}>
      <h2 id={id} style={{ fontSize: '1.1rem', margin: '0 0 8px' }}>
        {t('rg_prompt_title')}
      </h2>
      <DepositLimitQuestion onSet={set} onSkipped={doneAskingDepositLimit} />
    </section>
  )
}

const askStyle = {
  position: 'fixed',
  insetInline: '12px',
  bottom: '12px',
  marginInline: 'auto',
  maxWidth: '26rem',
  zIndex: 900,
  padding: '16px',
  borderRadius: '12px',
  background: 'var(--lk-surface, #fff)',
  color: 'var(--lk-text, inherit)',
  boxShadow: '0 8px 24px rgb(0 0 0 / 0.25)',
} as const
