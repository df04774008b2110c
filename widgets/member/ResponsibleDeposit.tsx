import { useStore } from '@nanostores/react'
import { formatDate } from '../../sdk/format/date.ts'
import { $protect, answerLimitPrompt } from '../../sdk/protect/index.ts'
import { showCentrePage } from '../../sdk/shell/centre-pages.ts'
import { useT } from '../ui/index.ts'
import { money } from './parts.tsx'

/**
 * The deposit page's protection notes (issue 30): the deposit-limit question before a first deposit
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
        <section className="lk-money__review" aria-labelledby="lk-rg-deposit-prompt">
          <h3 className="lk-money__subhead" id="lk-rg-deposit-prompt">
            {t('rg_prompt_title')}
          </h3>
          <p>{t('rg_prompt_text')}</p>
          <div className="lk-money__actions">
            <button type="button" className="lk-button lk-button--primary" onClick={open}>
              {t('rg_day_deposit')}
            </button>
            <button type="button" className="lk-button" onClick={() => void answerLimitPrompt('skip')}>
              {t('rg_prompt_skip')}
            </button>
          </div>
        </section>
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
