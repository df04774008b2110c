/**
 * The embed funnel of the agent centre: what the agent's embedded elements brought, per
 * invitation code, partner sub-id and day (impressions, game clicks, registrations, first deposits),
 * for a report period, with its CSV.
 * @module
 */
import { atom } from 'nanostores'
import type { Outcome } from '../client/outcome.ts'
import { periodCsv, periodReport, type TeamPeriod } from './period-report.ts'

/** The period the funnel shows (this week first: a day is often empty). */
export const $funnelPeriod = atom<TeamPeriod>({ period: 'week' })
/** The funnel of the period; asked for while shown, again when the period changes. */
export const $embedFunnel = periodReport('agentEmbedFunnel', $funnelPeriod)

/** Asks for the funnel again (a retry). */
export const loadEmbedFunnel = (): void => $embedFunnel.revalidate()

/** Shows another period of the funnel. */
export const setFunnelPeriod = (next: TeamPeriod): void => $funnelPeriod.set(next)

/**
 * Downloads the funnel of the period shown as a CSV file.
 * @returns the number of rows, or the error
 */
export const exportEmbedFunnel = (): Promise<Outcome<number>> => periodCsv('agentEmbedFunnelCsv', $funnelPeriod)

/** The invitation funnel of the period shown: what each code brought per day; asked for while shown, again when the period changes. */
export const $invitationFunnel = periodReport('agentInvitationFunnel', $funnelPeriod)

/** Asks for the invitation funnel again (a retry). */
export const loadInvitationFunnel = (): void => $invitationFunnel.revalidate()

/**
 * Downloads the invitation funnel of the period shown as a CSV file.
 * @returns the number of rows, or the error
 */
export const exportInvitationFunnel = (): Promise<Outcome<number>> => periodCsv('agentInvitationFunnelCsv', $funnelPeriod)
