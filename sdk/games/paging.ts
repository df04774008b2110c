/** Game list page size (SPEC §9). */
export const pageSize = 15

/** Where a paging control asks to go. */
export type PageTarget = 'first' | 'last' | 'prev' | 'next' | number

/**
 * The page a paging action lands on, always within 1..totalPages (1 when there are no pages).
 * @example targetPage(3, 'next', 3) // 3
 */
export function targetPage(current: number, target: PageTarget, totalPages: number): number {
  const last = Math.max(1, totalPages)
  const wanted = target === 'first' ? 1 : target === 'last' ? last : target === 'prev' ? current - 1 : target === 'next' ? current + 1 : Math.trunc(target)
  return Math.min(last, Math.max(1, Number.isFinite(wanted) ? wanted : 1))
}

/** More pages exist after `page` (infinite scroll, SPEC §4). */
export const hasMore = (page: number, totalPages: number): boolean => totalPages > page

/** One entry of a pagination control: a page number or a gap. */
export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string }

/**
 * Page numbers to show: `margin` pages at each end and `range` pages around the current one, with
 * gaps between (the pagination widget's defaults: range 3, margin 1). The count is bounded by
 * `range + 2 * margin + 2` whatever `totalPages` is.
 * @example pageItems(10, 20) // 1 … 9 10 11 … 20
 */
export function pageItems(current: number, totalPages: number, range = 3, margin = 1): PageItem[] {
  if (totalPages <= 0) return []
  const shown = new Set<number>()
  for (let p = 1; p <= Math.min(margin, totalPages); p++) shown.add(p)
  for (let p = Math.max(1, totalPages - margin + 1); p <= totalPages; p++) shown.add(p)
  // The window keeps `range` pages even at the ends, like react-paginate.
  let start = Math.max(1, current - Math.floor((range - 1) / 2))
  const end = Math.min(totalPages, start + range - 1)
  start = Math.max(1, end - range + 1)
  for (let p = start; p <= end; p++) shown.add(p)
  const pages = [...shown].sort((a, b) => a - b)
  const items: PageItem[] = []
  pages.forEach((page, i) => {
    if (i > 0 && page - pages[i - 1] > 1) items.push({ kind: 'gap', key: `gap-${pages[i - 1]}` })
    items.push({ kind: 'page', page })
  })
  return items
}
