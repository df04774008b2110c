import { formatDate, zoneLabel } from '../../sdk/dates/index.ts'
import { useStore } from '@nanostores/react'
import type { ContractKind, ContractPeriod, Downline, OfferRefusal } from '../../sdk/contract/index.ts'
import { contractKinds, periodsOf } from '../../sdk/contract/agent.ts'
import { createOfferForm, percentOf, refusalField } from '../../sdk/agent/index.ts'
import { formError } from '../../sdk/form/index.ts'
import { useForm } from '../ui/form.ts'
import { useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { FormError, Options, SelectField, money } from '../member/controls.tsx'

/**
 * Offer of a dividend or salary contract to a direct downline agent (SPEC §3): the terms, what they
 * would have paid over the last period (simulator), and the lower-rate warning that ends the
 * downline's own sub-contracts once confirmed.
 */
export function OfferForm({ downline, onDone }: { downline: Downline; onDone: (sent?: boolean) => void }) {
  const t = useT()
  const { form, state, field, error } = useForm(() => createOfferForm(downline.id))
  const simulated = useStore(form.$simulated)
  const affected = useStore(form.$affected)
  const refusal = useStore(form.$refusal)
  // Why the platform refuses the terms, at the field at fault (its text names the rate allowed).
  const refusalText = (r: OfferRefusal) => t(r.messageKey, { rate: percentOf(r.limitBp) })
  const bound = (name: Parameters<typeof field>[0]) => {
    const props = field(name)
    return refusal && refusalField[refusal.field] === name ? { ...props, error: refusalText(refusal) } : props
  }
  const { kind } = state.values
  const realtime = kind === 'realtime_salary'
  const offer = async (confirmLower: boolean) => {
    // The card that opened the form confirms the offer and shows it beside the live terms.
    if ((await form.offer(confirmLower))?.data?.contract) onDone(true)
  }
  return (
    <form
      className="lk-agent__offer"
      onSubmit={(e) => {
        e.preventDefault()
        void offer(false)
      }}
      aria-label={t('agent_offer_named', { name: downline.username })}
      noValidate
    >
      <SelectField
        labelKey="agent_contract_kind"
        value={kind}
        error={refusal?.field === 'kind' ? refusalText(refusal) : undefined}
        onChange={(e) => form.set('kind', e.target.value as ContractKind)}
      >
        <Options values={contractKinds} prefix="agent_kind_" />
      </SelectField>
      <SelectField labelKey="agent_contract_period" {...bound('period')} onChange={(e) => form.set('period', e.target.value as ContractPeriod)}>
        <Options values={periodsOf[kind]} prefix="agent_period_" />
      </SelectField>
      {realtime ? (
        <>
          <Field labelKey="agent_win_rate" inputMode="decimal" {...bound('winRate')} />
          <Field labelKey="agent_loss_rate" inputMode="decimal" {...bound('lossRate')} />
        </>
      ) : (
        <Field labelKey={kind === 'dividend' ? 'agent_rate_dividend' : 'agent_rate_salary'} inputMode="decimal" {...bound('rate')} />
      )}
      {!realtime && <Field labelKey="agent_min_active" inputMode="numeric" {...field('minActive')} />}
      <Field labelKey={kind === 'dividend' ? 'agent_min_valid_bet' : 'agent_min_bet'} inputMode="decimal" {...field('minValidBet')} />
      {kind === 'dividend' && <Field labelKey="agent_min_loss" inputMode="decimal" {...field('minLoss')} />}
      {simulated && (
        <p className="lk-money__value" role="status">
          {simulated.refusal
            ? t('agent_simulated_refused', { reason: refusalText(simulated.refusal) })
            : [
                t('agent_simulated', {
                  amount: money(simulated.amount),
                  from: formatDate(simulated.periodStart),
                  to: formatDate(simulated.periodEnd),
                  zone: zoneLabel(),
                  bets: money(simulated.basis.validBets),
                  active: simulated.basis.active,
                }),
                simulated.amount < simulated.termsAmount ? t('agent_simulated_share', { amount: money(simulated.termsAmount) }) : '',
                t('agent_simulated_first', { date: formatDate(simulated.firstPeriodStart), zone: zoneLabel() }),
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
            <button type="button" className="lk-button lk-button--primary" disabled={state.busy} onClick={() => void offer(true)}>
              {t('agent_lower_rate_confirm')}
            </button>
            <button type="button" className="lk-button" onClick={form.dismissWarning}>
              {t('agent_cancel')}
            </button>
          </div>
        </div>
      )}
      <FormError text={error(formError)} />
      <div className="lk-money__actions">
        <button type="button" className="lk-button" disabled={state.busy} onClick={() => void form.simulate()}>
          {t('agent_simulate')}
        </button>
        <button type="submit" className="lk-button lk-button--primary" disabled={state.busy || affected.length > 0}>
          {t('agent_offer_send')}
        </button>
        <button type="button" className="lk-button" onClick={() => onDone()}>
          {t('agent_cancel')}
        </button>
      </div>
    </form>
  )
}
