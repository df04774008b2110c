import { useStore } from '@nanostores/react'
import type { Limit, LimitKind, LimitPeriod, ProtectState, ResponseOf } from '../../sdk/contract/index.ts'
import { formatDate } from '../../sdk/dates/index.ts'
import {
  $protect,
  $protectHistory,
  answerLimitPrompt,
  auditDetail,
  breakOptions,
  confirmLimitChange,
  createBreakForm,
  createLimitForm,
  createSessionLimitForm,
  downloadHistoryCsv,
  loadProtect,
  removeLimit,
  removeSessionLimit,
  setRealityInterval,
} from '../../sdk/protect/index.ts'
import { Field } from '../ui/Field.tsx'
import { useForm } from '../ui/form.ts'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { FormError, Section, Options, SelectField, money } from './controls.tsx'
import { ReviewStep } from './payment-steps.tsx'
import { DataTable, signTone, type Column } from './table.tsx'
import { LoadStates } from '../ui/LoadStates.tsx'

const kinds: readonly LimitKind[] = ['deposit', 'loss', 'wager']
const periods: readonly LimitPeriod[] = ['day', 'week', 'month']
const when = (ms: number) => formatDate(ms)

/**
 * Responsible gaming (member centre page `responsibleGaming`): deposit, loss and wager limits,
 * the session time limit, the reality-check interval, time-out and self-exclusion, the 12-month
 * account history and the audit of every change. The platform enforces each rule; this page shows and asks.
 */
export function ResponsibleGaming() {
  const t = useT()
  const state = useStore($protect)
  if (state.error && !state.loading) return <ErrorState messageKey={state.error.messageKey} onRetry={loadProtect} />
  if (!state.data) return <Skeleton count={6} height={36} />
  const s = state.data
  return (
    <div className="lk-money__stack lk-rg">
      <p className="lk-money__hint">{t('rg_intro')}</p>
      {s.prompt && <Prompt kind={s.prompt} />}
      {kinds.map((kind) => (
        <LimitGroup key={kind} kind={kind} limits={s.limits.filter((l) => l.kind === kind)} />
      ))}
      <SessionLimit session={s.session} />
      <Reality minutes={s.realityMinutes} />
      <TakeBreak />
      <History />
      <Audit audit={s.audit} />
    </div>
  )
}

/** The deposit-limit question (registration, first deposit) or the 6-month review. */
function Prompt({ kind }: { kind: 'deposit_limit' | 'review' }) {
  const t = useT()
  return (
    <Section id="lk-rg-prompt" className="lk-money__review" title={t(kind === 'review' ? 'rg_review_title' : 'rg_prompt_title')}>
      <p>{t(kind === 'review' ? 'rg_review_text' : 'rg_prompt_text')}</p>
      <div className="lk-money__actions">
        <button type="button" className="lk-button" onClick={() => void answerLimitPrompt(kind === 'review' ? 'reviewed' : 'skip')}>
          {t(kind === 'review' ? 'rg_review_done' : 'rg_prompt_skip')}
        </button>
      </div>
    </Section>
  )
}

function LimitGroup({ kind, limits }: { kind: LimitKind; limits: Limit[] }) {
  const t = useT()
  return (
    <Section className="lk-rg__group" title={t(`rg_kind_${kind}`)}>
      <p className="lk-money__hint">{t(`rg_kind_${kind}_hint`)}</p>
      {periods.map((period) => (
        <LimitRow key={period} limit={limits.find((l) => l.period === period)!} />
      ))}
    </Section>
  )
}

/** One limit: what is in force, used and left until its reset, a pending change, and the form to change it. */
function LimitRow({ limit }: { limit: Limit }) {
  const t = useT()
  const { kind, period } = limit
  const { field, onSubmit, state, error } = useForm(() => createLimitForm(kind, period))
  const label = t(`rg_${period}_${kind}`)
  return (
    <div className="lk-rg__limit">
      <dl className="lk-money__facts">
        <dt>{label}</dt>
        <dd>{limit.amount === null ? t('rg_none') : money(limit.amount)}</dd>
        {limit.amount !== null && (
          <>
            <dt>{t('rg_left')}</dt>
            <dd>{t('rg_left_until', { left: money(Math.max(0, limit.amount - limit.used)), date: when(limit.resetsAt) })}</dd>
          </>
        )}
      </dl>
      {limit.pending && (
        <Pending
          pending={limit.pending}
          onAnswer={(apply) => void confirmLimitChange(kind, period, apply)}
          value={limit.pending.amount === null ? t('rg_none') : money(limit.pending.amount)}
        />
      )}
      <form className="lk-rg__form" onSubmit={onSubmit} noValidate aria-label={label}>
        <Field labelKey={`rg_${period}_${kind}`} inputMode="decimal" autoComplete="off" {...field('amount')} />
        <div className="lk-money__actions">
          <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
            {t(state.busy ? 'money_working' : 'rg_save')}
          </button>
          {limit.amount !== null && !limit.pending && (
            <button type="button" className="lk-button" onClick={() => void removeLimit(kind, period)}>
              {t('rg_remove')}
            </button>
          )}
        </div>
        <FormError text={error('form')} />
      </form>
    </div>
  )
}

/** A raise or removal waiting its 24 hours, then the player's second confirmation. */
function Pending({ pending, value, onAnswer }: { pending: NonNullable<Limit['pending']>; value: string; onAnswer: (apply: boolean) => void }) {
  const t = useT()
  return (
    <div className="lk-money__notice lk-rg__pending" role="status">
      <p>{t(pending.confirmable ? 'rg_pending_ready' : 'rg_pending', { value, date: when(pending.effectiveAt) })}</p>
      <div className="lk-money__actions">
        {pending.confirmable && (
          <button type="button" className="lk-button lk-button--primary" onClick={() => onAnswer(true)}>
            {t('rg_pending_confirm')}
          </button>
        )}
        <button type="button" className="lk-button" onClick={() => onAnswer(false)}>
          {t('rg_pending_cancel')}
        </button>
      </div>
    </div>
  )
}

function SessionLimit({ session }: { session: ProtectState['session'] }) {
  const t = useT()
  const { field, onSubmit, state, error } = useForm(createSessionLimitForm)
  return (
    <Section id="lk-rg-session" className="lk-rg__group" title={t('rg_session_title')}>
      <p className="lk-money__hint">{t('rg_session_hint')}</p>
      <p>{session.minutes === null ? t('rg_none') : t('rg_minutes', { minutes: session.minutes })}</p>
      {session.pending && (
        <Pending
          pending={session.pending}
          value={session.pending.amount === null ? t('rg_none') : t('rg_minutes', { minutes: session.pending.amount })}
          onAnswer={(apply) => void confirmLimitChange('session', undefined, apply)}
        />
      )}
      <form className="lk-rg__form" onSubmit={onSubmit} noValidate aria-label={t('rg_session_title')}>
        <Field
          labelKey="rg_session_minutes"
          inputMode="numeric"
          autoComplete="off"
          {...field('minutes')}
          error={error('minutes') ?? (state.errors.minutes ? t('rg_session_range') : undefined)}
        />
        <div className="lk-money__actions">
          <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
            {t(state.busy ? 'money_working' : 'rg_save')}
          </button>
          {session.minutes !== null && !session.pending && (
            <button type="button" className="lk-button" onClick={() => void removeSessionLimit()}>
              {t('rg_remove')}
            </button>
          )}
        </div>
        <FormError text={error('form')} />
      </form>
    </Section>
  )
}

function Reality({ minutes }: { minutes: number }) {
  const t = useT()
  return (
    <fieldset className="lk-rg__group lk-money__channels">
      <legend className="lk-money__subhead">{t('rg_reality_title')}</legend>
      <p className="lk-money__hint">{t('rg_reality_hint')}</p>
      <div className="lk-money__presets">
        {([15, 30, 60] as const).map((m) => (
          <button key={m} type="button" className="lk-button" aria-pressed={minutes === m} onClick={() => void setRealityInterval(m)}>
            {t('rg_minutes', { minutes: m })}
          </button>
        ))}
      </div>
    </fieldset>
  )
}

/** Time-out or self-exclusion: pick, review (what it means), confirm. */
function TakeBreak() {
  const t = useT()
  const { form, onSubmit, state, error } = useForm(createBreakForm)
  const { kind, duration } = state.values
  const options = breakOptions[kind]
  return (
    <Section id="lk-rg-break" className="lk-rg__group" title={t('rg_break_title')}>
      <p className="lk-money__hint">{t('rg_break_hint')}</p>
      {state.review ? (
        <ReviewStep
          label={t('rg_break_title')}
          text={t(kind === 'self_exclusion' ? 'rg_break_review_exclusion' : 'rg_break_review_timeout', { duration: t(`rg_duration_${duration}`) })}
          confirmKey="rg_break_confirm"
          busy={state.busy}
          onConfirm={() => void form.confirm()}
          onBack={() => form.back()}
        />
      ) : (
        <form className="lk-rg__form" onSubmit={onSubmit} noValidate aria-label={t('rg_break_title')}>
          <SelectField
            labelKey="rg_break_kind"
            value={kind}
            onChange={(e) => {
              const next = e.target.value as typeof kind
              form.set('kind', next)
              form.set('duration', breakOptions[next][0])
            }}
          >
            <option value="timeout">{t('rg_break_timeout')}</option>
            <option value="self_exclusion">{t('rg_break_exclusion')}</option>
          </SelectField>
          <SelectField labelKey="rg_break_duration" value={duration} onChange={(e) => form.set('duration', e.target.value as typeof duration)}>
            <Options values={options} prefix="rg_duration_" />
          </SelectField>
          <div className="lk-money__actions">
            <button type="submit" className="lk-button lk-button--primary">
              {t('rg_break_next')}
            </button>
          </div>
        </form>
      )}
      <FormError text={error('form')} />
    </Section>
  )
}

const historyColumns: readonly Column<ResponseOf<'protectHistory'>['months'][number]>[] = [
  { labelKey: 'rg_history_month', cell: (m) => m.month },
  { labelKey: 'rg_history_deposits', numeric: true, cell: (m) => money(m.deposits) },
  { labelKey: 'rg_history_withdrawals', numeric: true, cell: (m) => money(m.withdrawals) },
  { labelKey: 'rg_history_stakes', numeric: true, cell: (m) => money(m.stakes) },
  { labelKey: 'rg_history_returns', numeric: true, cell: (m) => money(m.returns) },
  { labelKey: 'rg_history_net', numeric: true, cell: (m) => money(m.net), tone: (m) => signTone(m.net) },
]

/** The 12-month account history with its CSV download (also shown by an embed frame's reality check). */
export function History() {
  const t = useT()
  const history = useStore($protectHistory)
  return (
    <Section id="lk-rg-history" className="lk-rg__group" title={t('rg_history_title')}>
      <LoadStates state={history} onRetry={() => void $protectHistory.revalidate()} height={28}>
        {(data) => (
          <>
            <DataTable columns={historyColumns} rows={data.months} rowKey={(m) => m.month} regionLabelledBy="lk-rg-history" />
            <div className="lk-money__actions">
              <button type="button" className="lk-button" onClick={() => void downloadHistoryCsv()}>
                {t('rg_history_csv')}
              </button>
            </div>
          </>
        )}
      </LoadStates>
    </Section>
  )
}

function Audit({ audit }: { audit: ProtectState['audit'] }) {
  const t = useT()
  return (
    <Section id="lk-rg-audit" className="lk-rg__group" title={t('rg_audit_title')}>
      {audit.length === 0 ? (
        <EmptyState messageKey="rg_audit_none" />
      ) : (
        <ul className="lk-money__list">
          {audit.map((a) => (
            <li key={`${a.at}-${a.action}-${a.detail}`} className="lk-money__item">
              <span>{when(a.at)}</span> <strong>{t(`rg_audit_${a.action}`)}</strong> <span className="lk-money__meta">{auditDetail(a, t)}</span>{' '}
              <span className="lk-money__meta">{t('rg_audit_ip', { ip: a.ip })}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
