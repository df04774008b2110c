/**
 * The agent centre's reports of one period (the team overview, the embed and invitation funnels) and
 * their CSV files: a store per report, asked for again when its period changes.
 * @module
 */
import type { ReadableAtom } from 'nanostores'
import type { ReportPeriod, ResponseOf } from '../contract/index.ts'
import { agentApi } from './api.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { $accountKey, filterKey, keepShown } from '../stores/centre-lists.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { saveCsv } from '../money/csv.ts'

/** Period of a report: a named one, or a range of days of the platform's time zone (`brand.timeZone`). */
export interface TeamPeriod {
  period: ReportPeriod
  from?: string
  to?: string
}

type PeriodReport = 'agentTeamOverview' | 'agentEmbedFunnel' | 'agentInvitationFunnel'
type PeriodCsv = 'agentTeamCsv' | 'agentEmbedFunnelCsv' | 'agentInvitationFunnelCsv'

/** Report `key` of the period in `$period`: asked for while shown, again when the period changes. */
export const periodReport = <K extends PeriodReport>(key: K, $period: ReadableAtom<TeamPeriod>) =>
  keepShown(createFetcherStore<ResponseOf<K>>([key, '|', $accountKey, '|', filterKey($period)], () => agentApi(key, $period.get()), everyView))

/**
 * Downloads CSV `key` of the period in `$period`.
 * @returns the number of rows, or the error
 */
export const periodCsv = (key: PeriodCsv, $period: ReadableAtom<TeamPeriod>): Promise<Outcome<number>> => outcome(async () => saveCsv(await agentApi(key, $period.get())))
