/**
 * Contracts of the agent centre (SPEC §3, §4): those the agent gave and received, offering one (with
 * the lower-rate confirmation), answering or ending one, the simulator, and the payouts received.
 * @module
 */
import { atom, computed } from 'nanostores'
import type { Contract, ContractKind, ContractTerms, RequestOf, ResponseOf } from '../contract/index.ts'
import { agentApi } from './api.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { $accountKey, filterKey, keepShown } from '../stores/centre-lists.ts'
import { outcome, type Outcome } from '../client/outcome.ts'

/** The agent's contracts: given and received; asked for while shown. */
export const $contracts = createFetcherStore<ResponseOf<'agentContracts'>>(['agentContracts', '|', $accountKey], () => agentApi('agentContracts'), everyView)
/** Asks for the contracts again (a retry, or after one changed). */
export const loadContracts = (): void => $contracts.revalidate()

/** A direct downline's contracts given by the agent that are in force or awaiting an answer. */
export interface DownlineTerms {
  /** The contracts in force (one per kind at most), paid until replaced or ended. */
  live: Contract[]
  /** Offers awaiting the downline's answer: each replaces the live one of its kind only when accepted. */
  pending: Contract[]
}

/** What the agent gave each direct downline that is in force or pending, by downline id (the downline card shows the current terms). */
export const $termsByDownline = computed($contracts, (c) => {
  const out = new Map<string, DownlineTerms>()
  for (const k of c.data?.given ?? []) {
    if (k.status !== 'active' && k.status !== 'offered') continue
    const entry = out.get(k.downlineId) ?? { live: [], pending: [] }
    ;(k.status === 'active' ? entry.live : entry.pending).push(k)
    out.set(k.downlineId, entry)
  }
  return out
})

/** Terms of an offer as the form holds them. */
export type OfferInput = ContractTerms & { downlineId: string }

/**
 * Offers a contract. Resolves `affected` (and no contract) when the rate would end sub-contracts that
 * pay more: ask the upline, then call again with `confirmLower`.
 */
export async function offerContract(input: OfferInput, confirmLower = false): Promise<Outcome<ResponseOf<'agentOfferContract'>>> {
  const result = await outcome(() => agentApi('agentOfferContract', { ...input, confirmLower }))
  if (result.data?.contract) void loadContracts()
  return result
}

/** Accepts, rejects or terminates a contract, then reloads the list. */
export async function actOnContract(contractId: string, action: RequestOf<'agentContractAction'>['action']): Promise<Outcome<ResponseOf<'agentContractAction'>>> {
  const result = await outcome(() => agentApi('agentContractAction', { contractId, action }))
  void loadContracts()
  return result
}

/** What the terms would have paid the downline over their last complete period. */
export const simulateContract = (input: OfferInput): Promise<Outcome<ResponseOf<'agentSimulate'>>> =>
  outcome(() =>
    agentApi('agentSimulate', {
      downlineId: input.downlineId,
      kind: input.kind,
      period: input.period,
      rateBp: String(input.rateBp),
      winRateBp: String(input.winRateBp ?? 0),
      lossRateBp: String(input.lossRateBp ?? 0),
      minActive: String(input.minActive ?? 0),
      minValidBet: String(input.minValidBet ?? 0),
      minLoss: String(input.minLoss ?? 0),
    }),
  )

/** Which payouts the income page lists: one kind (a record page), or all (my income). */
export const $payoutKind = atom<ContractKind | undefined>(undefined)

/** A record page's filter: the days the periods start in (all when absent), one contract, the page. */
export interface PayoutFilter {
  from?: string
  to?: string
  contractId?: string
  page: number
}
/** The filter of the payouts shown (every period, every contract, first page at first). */
export const $payoutFilter = atom<PayoutFilter>({ page: 1 })

/** The query the payouts shown ask with: the kind and the filter, as the endpoint takes them. */
export const payoutQuery = () => {
  const kind = $payoutKind.get()
  const { from, to, contractId, page } = $payoutFilter.get()
  return { ...(kind ? { kind } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}), ...(contractId ? { contractId } : {}), page: String(page) }
}

/** Payouts received of the kind and filter shown, newest first, with their sum; asked for while shown, again when either changes. */
export const $payouts = keepShown(
  createFetcherStore<ResponseOf<'agentPayouts'>>(
    ['agentPayouts', '|', $accountKey, '|', computed($payoutKind, (kind) => kind ?? 'all'), '|', filterKey($payoutFilter)],
    () => agentApi('agentPayouts', payoutQuery()),
    everyView,
  ),
)
/** Asks for the payouts of the kind shown again (a retry). */
export const loadPayouts = (): void => $payouts.revalidate()

/** Shows the payouts of one kind (or all); another kind starts from an empty filter. */
export function showPayouts(kind: ContractKind | undefined): void {
  if ($payoutKind.get() === kind) return
  $payoutKind.set(kind)
  $payoutFilter.set({ page: 1 })
}

/** Filters the payouts shown (a range of days, a contract; `undefined` clears one); back to the first page unless a page is named. */
export function filterPayouts(next: Partial<PayoutFilter>): void {
  $payoutFilter.set({ ...$payoutFilter.get(), page: 1, ...next })
}

/** The contracts of the kind shown that the agent received: what the record's contract filter offers. */
export const $payoutContracts = computed([$contracts, $payoutKind], (c, kind) =>
  (c.data?.received ?? []).filter((k) => (!kind || k.kind === kind) && k.events.some((e) => e.reason === 'accepted')),
)
