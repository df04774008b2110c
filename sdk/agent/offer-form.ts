/**
 * The contract offer form of the agent centre (SPEC §3): rates typed in percent and thresholds in
 * money, read into the contract's terms; the simulator; and the lower-rate warning the platform
 * answers, confirmed by sending again.
 * @module
 */
import { atom } from 'nanostores'
import type { ContractKind, ContractPeriod, OfferRefusal, ResponseOf } from '../contract/index.ts'
import { OfferContractRequest, periodsOf, refusalOf } from '../contract/agent.ts'
import { createForm, type FieldErrors } from '../form/index.ts'
import { parseAmount } from '../money/amount.ts'
import { offerContract, simulateContract, type OfferInput } from './contracts.ts'
import { basisPointsOf } from './rate.ts'

/** Texts of the offer form: rates in percent, thresholds in money. */
export interface OfferDraft {
  kind: ContractKind
  period: ContractPeriod
  rate: string
  winRate: string
  lossRate: string
  minActive: string
  minValidBet: string
  minLoss: string
}

const blank: OfferDraft = { kind: 'daily_salary', period: 'daily', rate: '', winRate: '', lossRate: '', minActive: '0', minValidBet: '', minLoss: '' }

/** Reads a draft into terms, with the field errors (locale keys) of what cannot be read. */
export function termsOf(d: OfferDraft, downlineId: string): { input: OfferInput; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const rate = (text: string, field: string, needed: boolean) => {
    if (!needed) return 0
    const bp = basisPointsOf(text)
    if (bp === null) errors[field] = { key: 'agent_err_rate' }
    return bp ?? 0
  }
  const amount = (text: string, field: string) => {
    if (text.trim() === '' || text.trim() === '0') return 0
    const parsed = parseAmount(text)
    if ('errorKey' in parsed) errors[field] = { key: parsed.errorKey }
    return 'minor' in parsed ? parsed.minor : 0
  }
  const realtime = d.kind === 'realtime_salary'
  const count = /^\d{1,6}$/.test(d.minActive.trim()) ? Number(d.minActive) : null
  if (count === null) errors.minActive = { key: 'agent_err_count' }
  const input: OfferInput = {
    downlineId,
    kind: d.kind,
    period: d.period,
    rateBp: rate(d.rate, 'rate', !realtime),
    winRateBp: rate(d.winRate, 'winRate', realtime),
    lossRateBp: rate(d.lossRate, 'lossRate', realtime),
    minActive: count ?? 0,
    minValidBet: amount(d.minValidBet, 'minValidBet'),
    minLoss: d.kind === 'dividend' ? amount(d.minLoss, 'minLoss') : 0,
  }
  return { input, errors }
}

type Simulated = ResponseOf<'agentSimulate'>
type Affected = ResponseOf<'agentOfferContract'>['affected']

/** The form field a refusal names (the request's field names differ from the draft's). */
export const refusalField: Record<OfferRefusal['field'], keyof OfferDraft> = { kind: 'kind', period: 'period', rateBp: 'rate', winRateBp: 'winRate', lossRateBp: 'lossRate' }

/**
 * The offer form for one downline: `offer()` offers, `offer(true)` confirms the lower-rate warning
 * (`$affected`), `simulate()` fills `$simulated`. Changing a term drops an earlier
 * simulation and warning (they no longer describe the terms); changing the kind picks its first period.
 * `$refusal` says why the platform refuses the terms (above the agent's own rate, and so on), from the
 * simulator or the offer, for the field at fault.
 */
export function createOfferForm(downlineId: string) {
  const $simulated = atom<Simulated | null>(null)
  const $affected = atom<Affected>([])
  const $refusal = atom<OfferRefusal | null>(null)
  const schema = OfferContractRequest
  const input = (values: OfferDraft & { confirmLower: boolean }) => ({ ...termsOf(values, downlineId).input, confirmLower: values.confirmLower })
  const form = createForm({
    initial: { ...blank, confirmLower: false },
    schema,
    input,
    check: (values) => termsOf(values, downlineId).errors,
    submit: async ({ confirmLower, ...terms }) => {
      const result = await offerContract(terms, confirmLower)
      $affected.set(result.data && !result.data.contract ? result.data.affected : [])
      $refusal.set(result.error ? refusalOf(result.error.value) : null)
      return result
    },
    // The form closes after an offer; until then what was offered stays on screen.
    keep: [...(Object.keys(blank) as (keyof OfferDraft)[]), 'confirmLower'],
    names: { rateBp: 'rate', winRateBp: 'winRate', lossRateBp: 'lossRate' },
  })
  const set = form.set
  return Object.assign(form, {
    $simulated,
    $affected,
    $refusal,
    set<K extends keyof OfferDraft>(name: K, value: OfferDraft[K]) {
      set(name, value as never)
      if (name === 'kind') set('period', periodsOf[value as ContractKind][0])
      $simulated.set(null)
      $affected.set([])
      $refusal.set(null)
    },
    async simulate() {
      const result = await form.run({ schema, input, send: ({ confirmLower: _, ...terms }) => simulateContract(terms) })
      if (result?.data) $simulated.set(result.data)
      $refusal.set(result?.data?.refusal ?? (result?.error ? refusalOf(result.error.value) : null))
      return result
    },
    /** Offers the terms; `confirmLower` after the lower-rate warning ends the sub-contracts it names. */
    offer: (confirmLower = false) => form.submit({ confirmLower }),
    /** Leaves the lower-rate warning without offering. */
    dismissWarning: () => $affected.set([]),
  })
}
