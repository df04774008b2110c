import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { formatDate } from '../../sdk/dates/index.ts'
import { $protect, answerLimitPrompt } from '../../sdk/protect/index.ts'
import { showCentrePage } from '../../sdk/centre/pages.ts'
import { useT } from '../ui/index.ts'
import { Section, money } from './controls.tsx'

/** Props of {@link DepositLimitQuestion}. */
export interface DepositLimitQuestionProps {
  /** The player chose to set a limit: take them to where it is set. */
  onSet: () => void
  /** After the skip was recorded (or failed: the question stays, with the error). */
  onSkipped?: () => void
}

/**
 * The deposit-limit question, asked before the first deposit and after registration: set a
 * limit, or explicitly not now (recorded by the platform). Its heading is the caller's.
 */
export function DepositLimitQuestion({ onSet, onSkipped }: DepositLimitQuestionProps) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const skip = async () => {
    setBusy(true)
    const result = await answerLimitPrompt('skip')
    setBusy(false)
    setFailed(Boolean(result.error))
    if (!result.error) onSkipped?.()
  }
  return (
    <>
      <p>{t('rg_prompt_text')}</p>
      {failed && (
        <p role="alert" className="lk-field__error">
          {t('err_network_error')}
        </p>
      )}
      <div className="lk-money__actions">
        <button type="button" className="lk-button lk-button--primary" onClick={onSet}>
          {t('rg_day_deposit')}
        </button>
        <button type="button" className="lk-button" disabled={busy} onClick={() => void skip()}>
          {t('rg_prompt_skip')}
        </button>
      </div>
    </>
  )
}

/**
 * The deposit page's protection notes: the deposit-limit question before a first deposit
 * (set one, or explicitly not now), the tightest deposit limit with what is left and when it resets,
 * and the way to the responsible gaming page.
 */
export function ResponsibleDeposit() {
  const t = useT()
  const state = useStore($protect)
  const s = state.data
  const tightest = s?.limits
    .filter((l) => l.kind === 'deposit' && l.amount !== null)
    .map((l) => ({ ...l, left: Math.max(0, (l.amount ?? 0) - l.used) }))
    .sort((a, b) => a.left - b.left)[0]
  const open = () => showCentrePage('responsibleGaming')
  return (
    <div className="lk-rg-deposit">
      {s?.prompt === 'deposit_limit' && (
        <Section id="lk-rg-deposit-prompt" className="lk-money__review" title={t('rg_prompt_title')}>
          <DepositLimitQuestion onSet={open} />
        </Section>
      )}
      {tightest && (
        <p className="lk-money__hint" role="status">
          {t('rg_deposit_room', { limit: t(`rg_${tightest.period}_deposit`), left: money(tightest.left), date: formatDate(tightest.resetsAt) })}
        </p>
      )}
      <button type="button" className="lk-button" onClick={open}>
        {t('rg_open')}
      </button>
    </div>
  )
}
