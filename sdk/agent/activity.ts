/**
 * Team betting, downline transactions and announcements of the agent centre (SPEC §2
 * personalHistoryCopy, agentDownlineTransactionDetailsCopy, agentAnnouncement), and the CSV export of
 * every report's filtered range through {@link saveCsv}.
 * @module
 */
import { atom, type WritableAtom } from 'nanostores'
import type { ReportPeriod, ResponseOf } from '../contract/index.ts'
import { agentApi } from './api.ts'
import { createFetcherStore, everyView, type ShownRemote } from '../stores/query.ts'
import { $accountKey, filterKey, keepShown } from '../stores/centre-lists.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { saveCsv } from '../money/csv.ts'
import { profitLossQuery } from './team.ts'
import { showCentrePage } from '../centre/pages.ts'
import { payoutQuery } from './contracts.ts'

/** Filters of a row report: a period, optionally one member (username) and one more field, and the page. */
export interface RowFilter {
  period: ReportPeriod
  from?: string
  to?: string
  member?: string
  page: number
}
export interface TeamBetsFilter extends RowFilter {
  gameType?: string
}
export interface TransactionsFilter extends RowFilter {
  kind?: 'deposit' | 'withdrawal' | 'transfer'
}

/** The query of a filter: empty fields left out, the page as the query string carries it. */
function queryOf<F extends RowFilter>(f: F): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') out[k] = String(v)
  return out
}

/** A filtered, paged report of the team's rows (team betting, downline transactions). */
export interface RowReport<F extends RowFilter, R> {
  $filter: WritableAtom<F>
  /** The rows of the filter: asked for while shown, again when the filter changes. */
  $rows: ShownRemote<R>
  /** Asks for the rows of the current filter again (a retry). */
  load(): void
  /** Applies new filters (back to page 1), or goes to another page with `{ page }`. */
  filter(next: Partial<F>): void
  /** Downloads every row of the filtered range as CSV; resolves with the row count. */
  exportCsv(): Promise<Outcome<number>>
}

/** A filtered, paged report: its filter, its page of rows, and actions to reload, refilter and export. */
function rowReport<F extends RowFilter, R>(
  name: string,
  initial: F,
  fetch: (q: Record<string, string>) => Promise<R>,
  csv: (q: Record<string, string>) => Promise<ResponseOf<'agentTeamBetsCsv'>>,
): RowReport<F, R> {
  const $filter = atom<F>(initial)
  const $rows = keepShown(createFetcherStore<R>([name, '|', $accountKey, '|', filterKey($filter)], () => fetch(queryOf($filter.get())), everyView))
  return {
    $filter,
    $rows,
    load: () => $rows.revalidate(),
    filter(next: Partial<F>) {
      $filter.set({ ...$filter.get(), page: 1, ...next })
    },
    exportCsv: (): Promise<Outcome<number>> => outcome(async () => saveCsv(await csv(queryOf({ ...$filter.get(), page: undefined })))),
  }
}

/** Team betting: the subtree's rounds of today first. */
export const teamBets = rowReport<TeamBetsFilter, ResponseOf<'agentTeamBets'>>(
  'agentTeamBets',
  { period: 'today', page: 1 },
  (q) => agentApi('agentTeamBets', q),
  (q) => agentApi('agentTeamBetsCsv', q),
)

/** Downline transactions: the subtree's deposits, withdrawals and transfers of today first. */
export const teamTransactions = rowReport<TransactionsFilter, ResponseOf<'agentTransactions'>>(
  'agentTransactions',
  { period: 'today', page: 1 },
  (q) => agentApi('agentTransactions', q),
  (q) => agentApi('agentTransactionsCsv', q),
)

/**
 * Opens one member's rows in a report (a member card's "Bets" or "Transactions"):
 * the report filtered to that username over this month, its other filters cleared.
 */
export function showMemberRows(report: 'bets' | 'transactions', username: string): void {
  const r = report === 'bets' ? teamBets : teamTransactions
  r.$filter.set({ period: 'month', member: username, page: 1 })
  showCentrePage(report === 'bets' ? 'personalHistoryCopy' : 'agentDownlineTransactionDetailsCopy')
}

/** Announcements to agents, newest first; asked for while shown. */
export const $agentAnnouncements = createFetcherStore<ResponseOf<'agentAnnouncements'>>(['agentAnnouncements', '|', $accountKey], () => agentApi('agentAnnouncements'), everyView)
/** Asks for the announcements again (a retry). */
export const loadAgentAnnouncements = (): void => $agentAnnouncements.revalidate()

/** Downloads the profit and loss statement of the period shown as CSV; resolves with its row count. */
export const exportProfitLoss = (): Promise<Outcome<number>> => outcome(async () => saveCsv(await agentApi('agentProfitLossCsv', profitLossQuery())))

/** Downloads the payouts shown (my income, or one kind's record) as CSV; resolves with the row count. */
export const exportPayouts = (): Promise<Outcome<number>> =>
  // The CSV has every payout the filter keeps, not one page of them.
  outcome(async () => saveCsv(await agentApi('agentPayoutsCsv', { ...payoutQuery(), page: '1' })))
