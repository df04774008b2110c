/**
 * Pages of a list the database counts and cuts: the `LIMIT` and `OFFSET` of a page, and the page
 * as the contract's paged replies carry it.
 * @module
 */

/** Which page of how many rows a caller asks for (1-based). */
export interface PageInput {
  page: number
  pageSize: number
}

/** A page of a list: its rows, where it stands, and how many rows and pages there are in all. */
export interface Page<T> {
  list: T[]
  page: number
  pageSize: number
  total: number
  totalPages: number
}

/** `[LIMIT, OFFSET]` of a page, to append to a query's parameters. */
export const limitOffset = (input: PageInput): [number, number] => [input.pageSize, (input.page - 1) * input.pageSize]

/** The page `input` asked for, holding `list`, of `total` rows in all. */
export function pageFrom<T>(list: T[], total: number | string, input: PageInput): Page<T> {
  const n = Number(total)
  return { list, page: input.page, pageSize: input.pageSize, total: n, totalPages: Math.ceil(n / input.pageSize) }
}
