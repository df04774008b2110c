import { useState, type FormEvent } from 'react'
import type { ContractKind, ContractPeriod, Downline, OfferRefusal, ResponseOf } from '../../sdk/contract/index.ts'
import { contractKinds, periodsOf, refusalOf } from '../../sdk/contract/agent.ts'
import { basisPointsOf, offerContract, percentOf, simulateContract, type OfferInput } from '../../sdk/agent/index.ts'
import { parseAmount } from '../../sdk/money/index.ts'
import { useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { FormError, SelectField, fieldErrors, money } from '../member/parts.tsx'

type Affected = ResponseOf<'agentOfferContract'>['affected']

/** Texts of the form: rates in percent, thresholds in money. */
interface Draft {
  kind: ContractKind
  period: ContractPeriod
  rate: string
  winRate: string
  lossRate: string
  minActive: string
  minValidBet: string
  minLoss: string
}

/** The form field a refusal names (the request's field names differ from the draft's). */
const refusalField: Record<OfferRefusal['field'], string> = { kind: 'kind', period: 'period', rateBp: 'rate', winRateBp: 'winRate', lossRateBp: 'lossRate' }

const blank: Draft = { kind: 'daily_salary', period: 'daily', rate: '', winRate: '', lossRate: '', minActive: '0', minValidBet: '', minLoss: '' }

/** Reads the draft into terms, or the field errors (locale keys). */
function termsOf(d: Draft, downlineId: string): { input: OfferInput } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const rate = (text: string, field: string, needed: boolean) => {
    if (!needed) return 0
    const bp = basisPointsOf(text)
    if (bp === null) errors[field] = 'agent_err_rate'
    return bp ?? 0
  }
  const amount = (text: string, field: string) => {
    if (text.trim() === '' || text.trim() === '0') return 0
    const parsed = parseAmount(text)
    if ('errorKey' in parsed) errors[field] = parsed.errorKey
    return 'minor' in parsed ? parsed.minor : 0
  }
  const realtime = d.kind === 'realtime_salary'
  const input: OfferInput = {
    downlineId,
    kind: d.kind,
    period: d.period,
    rateBp: rate(d.rate, 'rate', !realtime),
    winRateBp: rate(d.winRate, 'winRate', realtime),
    lossRateBp: rate(d.lossRate, 'lossRate', realtime),
    minActive: /^\d{1,6}$/.test(d.minActive.trim()) ? Number(d.minActive) : ((errors.minActive = 'agent_err_count'), 0),
    minValidBet: amount(d.minValidBet, 'minValidBet'),
    minLoss: d.kind === 'dividend' ? amount(d.minLoss, 'minLoss') : 0,
  }
  return Object.keys(errors).length ? { errors } : { input }
}

/**
 * Offer of a dividend or salary contract to a direct downline agent (SPEC §3): the terms, what they
 * would have paid over the last period (simulator), and the lower-rate warning that ends the
 * downline's own sub-contracts once confirmed.
 */
export function OfferForm({ downline, onDone }: { downline: Downline; onDone: (sent?: boolean) => void }) {
  const t = useT()
  const [draft, setDraft] = useState<Draft>(blank)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [simulated, setSimulated] = useState<ResponseOf<'agentSimulate'> | null>(null)
  const [affected, setAffected] = useState<Affected>([])
  const set = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch })
    // Terms changed: an earlier simulation or warning no longer describes them.
    setSimulated(null)
    setAffected([])
  }
  const read = () => {
    const r = termsOf(draft, downline.id)
    if ('errors' in r) {
      setErrors(Object.fromEntries(Object.entries(r.errors).map(([k, v]) => [k, t(v)])))
      return null
    }
    setErrors({})
    return r.input
  }
  const run = async (work: (input: OfferInput) => Promise<void>) => {
    const input = read()
    if (!input || busy) return
    setBusy(true)
    try {
      await work(input)
    } finally {
      setBusy(false)
    }
  }
  // Why the platform refuses the terms (above the agent's own rate, and so on), at the field at fault.
  const refusalText = (r: OfferRefusal) => t(r.messageKey, { rate: percentOf(r.limitBp) })
  const showRefusal = (r: OfferRefusal) => setErrors({ [refusalField[r.field]]: refusalText(r) })
  const simulate = () =>
    run(async (input) => {
      const r = await simulateContract(input)
      if (r.error) return setErrors(fieldErrors(r.error, t, ['period', 'rateBp']))
      setSimulated(r.data)
      if (r.data.refusal) showRefusal(r.data.refusal)
    })
  const offer = (confirmLower: boolean) =>
    run(async (input) => {
      const r = await offerContract(input, confirmLower)
      const refusal = r.error ? refusalOf(r.error.value) : null
      if (refusal) return showRefusal(refusal)
      if (r.error) return setErrors(fieldErrors(r.error, t, ['period', 'downlineId']))
      if (!r.data.contract) return setAffected(r.data.affected)
      // The card that opened the form confirms the offer and shows it beside the live terms.
      onDone(true)
    })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void offer(false)
  }
  const realtime = draft.kind === 'realtime_salary'
  return (
    <form className="lk-agent__offer" onSubmit={submit} aria-label={t('agent_offer_named', { name: downline.username })} noValidate>
      <SelectField
        labelKey="agent_contract_kind"
        value={draft.kind}
        error={errors.kind}
        onChange={(e) => {
          const kind = e.target.value as ContractKind
          set({ kind, period: periodsOf[kind][0] })
        }}
      >
        {contractKinds.map((k) => (
          <option key={k} value={k}>
            {t(`agent_kind_${k}`)}
          </option>
        ))}
      </SelectField>
      <SelectField labelKey="agent_contract_period" value={draft.period} error={errors.period} onChange={(e) => set({ period: e.target.value as ContractPeriod })}>
        {periodsOf[draft.kind].map((p) => (
          <option key={p} value={p}>
            {t(`agent_period_${p}`)}
          </option>
        ))}
      </SelectField>
      {realtime ? (
        <>
          <Field labelKey="agent_win_rate" inputMode="decimal" value={draft.winRate} error={errors.winRate} onChange={(e) => set({ winRate: e.target.value })} />
          <Field labelKey="agent_loss_rate" inputMode="decimal" value={draft.lossRate} error={errors.lossRate} onChange={(e) => set({ lossRate: e.target.value })} />
        </>
      ) : (
        <Field
          labelKey={draft.kind === 'dividend' ? 'agent_rate_dividend' : 'agent_rate_salary'}
          inputMode="decimal"
          value={draft.rate}
          error={errors.rate ?? errors.rateBp}
          onChange={(e) => set({ rate: e.target.value })}
        />
      )}
      {!realtime && <Field labelKey="agent_min_active" inputMode="numeric" value={draft.minActive} error={errors.minActive} onChange={(e) => set({ minActive: e.target.value })} />}
      <Field
        labelKey={draft.kind === 'dividend' ? 'agent_min_valid_bet' : 'agent_min_bet'}
        inputMode="decimal"
        value={draft.minValidBet}
        error={errors.minValidBet}
        onChange={(e) => set({ minValidBet: e.target.value })}
      />
      {draft.kind === 'dividend' && (
        <Field labelKey="agent_min_loss" inputMode="decimal" value={draft.minLoss} error={errors.minLoss} onChange={(e) => set({ minLoss: e.target.value })} />
      )}
      {simulated && (
        <p className="lk-money__value" role="status">
          {simulated.refusal
            ? t('agent_simulated_refused', { reason: refusalText(simulated.refusal) })
            : [
                t('agent_simulated', {
                  amount: money(simulated.amount),
                  from: simulated.periodStart.slice(0, 16).replace('T', ' '),
                  to: simulated.periodEnd.slice(0, 16).replace('T', ' '),
                  bets: money(simulated.basis.validBets),
                  active: simulated.basis.active,
                }),
                simulated.amount < simulated.termsAmount ? t('agent_simulated_share', { amount: money(simulated.termsAmount) }) : '',
                t('agent_simulated_first', { date: simulated.firstPeriodStart.slice(0, 16).replace('T', ' ') }),
              ]
                .filter(Boolean)
                .join(' ')}
        </p>
      )}
      {affected.length > 0 && (
        <div className="lk-agent__warn" role="alert">
          <p>{t('agent_lower_rate_warning', { count: affected.length })}</p>
          <ul>
            {affected.map((a) => (
              <li key={a.id}>{t('agent_lower_rate_item', { name: a.downline, rate: percentOf(a.rateBp) })}</li>
            ))}
          </ul>
          <div className="lk-money__actions">
            <button type="button" className="lk-button lk-button--primary" disabled={busy} onClick={() => void offer(true)}>
              {t('agent_lower_rate_confirm')}
            </button>
            <button type="button" className="lk-button" onClick={() => setAffected([])}>
              {t('agent_cancel')}
            </button>
          </div>
        </div>
      )}
      <FormError text={errors.form} />
      <div className="lk-money__actions">
        <button type="button" className="lk-button" disabled={busy} onClick={() => void simulate()}>
          {t('agent_simulate')}
        </button>
        <button type="submit" className="lk-button lk-button--primary" disabled={busy || affected.length > 0}>
          {t('agent_offer_send')}
        </button>
        <button type="button" className="lk-button" onClick={() => onDone()}>
          {t('agent_cancel')}
        </button>
      </div>
    </form>
  )
}
