import { useStore } from '@nanostores/react'
import { useId, useState } from 'react'
import { formatMoney } from '../../sdk/format/index.ts'
import { $protect, $sessionFigures, answerRealityCheck, formatElapsed, type SessionFigures } from '../../sdk/protect/index.ts'
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
  const figures = useStore($sessionFigures)
  const reply = useRealityAnswer()
  return (
    <Modal open={Boolean(figures?.due)} onClose={() => void reply.answer('continue')} name="realityCheck" titleKey="rg_check_title" closable={false}>
      {figures && <RealityCheckBody figures={figures} {...reply} />}
    </Modal>
  )
}

/** An answer to the reality check. */
export type RealityAnswer = 'continue' | 'history' | 'logout'

/**
 * Answering the reality check: the answer sent, `busy` meanwhile, `failed` when it did not reach the
 * platform (the check stays). `showHistory` shows the account history after "see my history"
 * (default: the member centre's responsible gaming page).
 */
export function useRealityAnswer(showHistory?: () => void) {
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const answer = async (a: RealityAnswer) => {
    setBusy(true)
    const result = await answerRealityCheck(a, showHistory)
    setBusy(false)
    setFailed(Boolean(result.error))
  }
  return { busy, failed, answer }
}

/** Props of {@link RealityCheckBody}. */
export interface RealityCheckBodyProps extends ReturnType<typeof useRealityAnswer> {
  figures: SessionFigures
}

/**
 * What the reality check says and asks: time since login and net result, then "continue", "see my
 * history" and "log out". The site shows it in a dialog; an embed frame in place of its content.
 */
export function RealityCheckBody({ figures, busy, failed, answer }: RealityCheckBodyProps) {
  const t = useT()
  return (
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
