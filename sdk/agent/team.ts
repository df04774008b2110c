/**
 * The team overview and downline management of the agent centre (SPEC §2): a period and its
 * figures; the downlines of the member opened, or a search of the whole subtree.
 * @module
 */
import { atom, onMount } from 'nanostores'
import type { ReportPeriod, ResponseOf } from '../contract/index.ts'
import { agentApi } from './api.ts'
import { loadInto, type Loadable } from '../stores/loadable.ts'
import { outcome, type Outcome } from '../money/outcome.ts'
import { saveCsv } from '../money/csv.ts'

/** Period of the team overview: a named one, or a range of UTC days. */
export interface TeamPeriod {
  period: ReportPeriod
  from?: string
  to?: string
}

/** The period the team overview shows (today first). */
export const $teamPeriod = atom<TeamPeriod>({ period: 'today' })
/** Team figures of the period, with a point per day. */
export const $teamOverview = atom<Loadable<ResponseOf<'agentTeamOverview'>>>({ loading: false })

/** Reloads the team overview of the current period. */
export const loadTeamOverview = () => loadInto($teamOverview, () => agentApi('agentTeamOverview', $teamPeriod.get()))
onMount($teamOverview, () => {
  void loadTeamOverview()
})

/** Shows another period of the team overview. */
export function setTeamPeriod(next: TeamPeriod): void {
  $teamPeriod.set(next)
  void loadTeamOverview()
}

/**
 * Downloads the team overview's days of the period shown as a CSV file.
 * @returns the number of days, or the error
 */
export async function exportTeamOverview(): Promise<Outcome<number>> {
  return outcome(async () => {
    return saveCsv(await agentApi('agentTeamCsv', $teamPeriod.get()))
  })
}

/** What downline management lists: the children of `parentId` (the agent when absent) or a search. */
export interface DownlineQuery {
  parentId?: string
  search?: string
  page: number
}

/** The downline query shown. */
export const $downlineQuery = atom<DownlineQuery>({ page: 1 })
/** The page of downlines, with breadcrumbs. */
export const $downlines = atom<Loadable<ResponseOf<'agentDownlines'>>>({ loading: false })

/** Reloads the downlines shown. */
export const loadDownlines = () =>
  loadInto($downlines, () => {
    const { parentId, search, page } = $downlineQuery.get()
    return agentApi('agentDownlines', { ...(parentId ? { parentId } : {}), ...(search ? { search } : {}), page: String(page) })
  })
onMount($downlines, () => {
  $downlineQuery.set({ page: 1 })
  void loadDownlines()
})

/** Opens a member's downlines (a breadcrumb or a sub-agent); no id opens the agent's own. */
export function openDownline(parentId?: string): void {
  $downlineQuery.set({ parentId, page: 1 })
  void loadDownlines()
}

/** Searches the whole subtree by username (an empty term goes back to the agent's own downlines). */
export function searchDownlines(search: string): void {
  $downlineQuery.set({ search: search.trim() || undefined, page: 1 })
  void loadDownlines()
}

/** Goes to another page of the list shown. */
export function downlinePage(page: number): void {
  $downlineQuery.set({ ...$downlineQuery.get(), page })
  void loadDownlines()
}

/** The period the profit and loss statement shows (today first). */
export const $profitLossPeriod = atom<TeamPeriod>({ period: 'today' })
/** Profit and loss per direct downline for the period. */
export const $profitLoss = atom<Loadable<ResponseOf<'agentProfitLoss'>>>({ loading: false })
/** Reloads the profit and loss statement. */
export const loadProfitLoss = () => loadInto($profitLoss, () => agentApi('agentProfitLoss', $profitLossPeriod.get()))
onMount($profitLoss, () => {
  void loadProfitLoss()
})
/** Shows another period of the profit and loss statement. */
export function setProfitLossPeriod(next: TeamPeriod): void {
  $profitLossPeriod.set(next)
  void loadProfitLoss()
}
