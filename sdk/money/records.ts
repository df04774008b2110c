/**
 * The account record and the betting record: a filter each, the page it shows, and the CSV export of
 * the account record's filtered range.
 * @module
 */
import { atom, onMount, type WritableAtom } from 'nanostores'
import type { BettingRecord, Profit, RequestOf, ResponseOf, RoundDetailSchema } from '../contract/index.ts'
import type * as v from 'valibot'
import { moneyApi } from './api.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { $accountKey, filterKey, keepShown } from '../stores/centre-lists.ts'
import { saveCsv } from './csv.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { lastDays } from './range.ts'

/** Filter of the account record. */
export type AccountRecordFilter = Required<Pick<RequestOf<'accountRecord'>, 'from' | 'to' | 'kind'>> & { page: number }
/** Filter of the betting record. */
export type BettingRecordFilter = { from: string; to: string; gameType: string; vendor: string; page: number }

/** Rows per page of both records. */
export const recordPageSize = 15

function record<F, T>(name: string, initial: () => F, fetch: (f: F) => Promise<T>) {
  const $filter = atom<F>(initial())
  const $page = keepShown(createFetcherStore<T>([name, '|', $accountKey, '|', filterKey($filter)], () => fetch($filter.get()), everyView))
  onMount($page, () => {
    // Each visit starts from the default range, so it includes what just happened.
    const start = initial()
    if (JSON.stringify(start) !== JSON.stringify($filter.get())) $filter.set(start)
  })
  /** Asks for the page shown again (a retry). */
  const load = (): void => $page.revalidate()
  const setFilter = (patch: Partial<F>) => {
    $filter.set({ ...$filter.get(), page: 1, ...patch })
  }
  return { $filter: $filter as WritableAtom<F>, $page, load, setFilter }
}

const accounts = record<AccountRecordFilter, ResponseOf<'accountRecord'>>(
  'accountRecord',
  () => ({ ...lastDays(7), kind: 'all', page: 1 }),
  (f) => moneyApi('accountRecord', { ...f, pageSize: recordPageSize }),
)
/** Account record filter; change it with {@link filterAccountRecord}. */
export const $accountRecordFilter = accounts.$filter
/** The account record page shown. */
export const $accountRecord = accounts.$page
/** Changes the account record filter (back to page 1 unless a page is given) and loads. */
export const filterAccountRecord = accounts.setFilter
/** Reloads the account record page. */
export const loadAccountRecord = accounts.load

const bets = record<BettingRecordFilter, BettingRecord>(
  'bettingRecord',
  () => ({ ...lastDays(7), gameType: 'all', vendor: '', page: 1 }),
  (f) => moneyApi('bettingRecord', { ...f, gameType: f.gameType as RequestOf<'bettingRecord'>['gameType'], pageSize: recordPageSize }),
)
/** Betting record filter; change it with {@link filterBettingRecord}. */
export const $bettingRecordFilter = bets.$filter
/** The betting record page shown, with the totals of the range. */
export const $bettingRecord = bets.$page
/** Changes the betting record filter and loads. */
export const filterBettingRecord = bets.setFilter
/** Reloads the betting record page. */
export const loadBettingRecord = bets.load

const profit = record<{ from: string; to: string; page: number }, Profit>(
  'profitReport',
  () => ({ ...lastDays(7), page: 1 }),
  ({ from, to }) => moneyApi('profitReport', { from, to }),
)
/** Period of the profit and loss page. */
export const $profitFilter = profit.$filter
/** Profit and loss per day and per category of the period. */
export const $profit = profit.$page
/** Changes the period and loads. */
export const filterProfit = profit.setFilter
/** Reloads the profit and loss. */
export const loadProfit = profit.load

/** One round of the betting record. */
export const loadRoundDetail = (roundId: string): Promise<Outcome<v.InferOutput<typeof RoundDetailSchema>>> => outcome(() => moneyApi('roundDetail', { roundId }))

/**
 * Exports the account record's filtered range as a CSV file download.
 * @returns the number of rows, or the error
 */
export async function exportAccountRecord(): Promise<Outcome<number>> {
  const { page: _, ...filter } = $accountRecordFilter.get()
  return outcome(async () => {
    return saveCsv(await moneyApi('accountRecordCsv', filter))
  })
}
