/**
 * What this period will pay: each contract's period so far beside its last complete
 * period, computed by the platform with the pay run's own code, and what the contracts the agent gave
 * cost it.
 * @module
 */
import { computed } from 'nanostores'
import type { ContractPays, ResponseOf } from '../contract/index.ts'
import { agentApi } from './api.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { $accountKey } from '../stores/centre-lists.ts'

/** Each contract's pay so far this period and over the last one; asked for while shown. */
export const $periodPay = createFetcherStore<ResponseOf<'agentPeriodPay'>>(['agentPeriodPay', '|', $accountKey], () => agentApi('agentPeriodPay'), everyView)

/** Asks for this period's pay again (a retry, or to bring the figures up to now). */
export const loadPeriodPay = (): void => $periodPay.revalidate()

/** The contracts split by side: those the agent holds (its pay) and those it gave (its cost). */
export const $periodPayBySide = computed($periodPay, (p) => {
  const list: ContractPays['list'] = p.data?.list ?? []
  return { held: list.filter((c) => c.side === 'downline'), given: list.filter((c) => c.side === 'upline') }
})
