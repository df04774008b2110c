/**
 * The embed funnel of the agent centre: what the agent's embedded elements brought, per
 * invitation code, partner sub-id and day (impressions, game clicks, registrations, first deposits),
 * for a report period, with its CSV.
 * @module
 */
import { atom } from 'nanostores'
import type { ResponseOf } from '../contract/index.ts'
import { agentApi } from './api.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { $accountKey, filterKey, keepShown } from '../stores/centre-lists.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { saveCsv } from '../money/csv.ts'
import type { TeamPeriod } from './team.ts'

/** The period the funnel shows (this week first: a day is often empty). */
export const $funnelPeriod = atom<TeamPeriod>({ period: 'week' })
/** The funnel of the period; asked for while shown, again when the period changes. */
export const $embedFunnel = keepShown(
  createFetcherStore<ResponseOf<'agentEmbedFunnel'>>(
    ['agentEmbedFunnel', '|', $accountKey, '|', filterKey($funnelPeriod)],
    () => agentApi('agentEmbedFunnel', $funnelPeriod.get()),
    everyView,
  ),
)

/** Asks for the funnel again (a retry). */
export const loadEmbedFunnel = (): void => $embedFunnel.revalidate()

/** Shows another period of the funnel. */
export const setFunnelPeriod = (next: TeamPeriod): void => $funnelPeriod.set(next)

/**
 * Downloads the funnel of the period shown as a CSV file.
 * @returns the number of rows, or the error
 */
export function exportEmbedFunnel(): Promise<Outcome<number>> {
  return outcome(async () => saveCsv(await agentApi('agentEmbedFunnelCsv', $funnelPeriod.get())))
}

/** The invitation funnel of the period shown: what each code brought per day; asked for while shown, again when the period changes. */
export const $invitationFunnel = keepShown(
  createFetcherStore<ResponseOf<'agentInvitationFunnel'>>(
    ['agentInvitationFunnel', '|', $accountKey, '|', filterKey($funnelPeriod)],
    () => agentApi('agentInvitationFunnel', $funnelPeriod.get()),
    everyView,
  ),
)

/** Asks for the invitation funnel again (a retry). */
export const loadInvitationFunnel = (): void => $invitationFunnel.revalidate()

/**
 * Downloads the invitation funnel of the period shown as a CSV file.
 * @returns the number of rows, or the error
 */
export function exportInvitationFunnel(): Promise<Outcome<number>> {
  return outcome(async () => saveCsv(await agentApi('agentInvitationFunnelCsv', $funnelPeriod.get())))
}
