import type { Queryable } from '../db/index.ts'

/**
 * A small deterministic PRNG (mulberry32): the same seed always yields the same demo data.
 * @param seed - any 32-bit integer
 * @returns a function returning floats in [0, 1)
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Picks one element of a non-empty list with the given random source. */
export const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]

/** Whole number in [min, max] with the given random source. */
export const between = (rnd: () => number, min: number, max: number): number => min + Math.floor(rnd() * (max - min + 1))

/**
 * Inserts rows with multi-row `INSERT … VALUES` statements, in batches that stay well under the
 * 65,535 bind-parameter limit of the PostgreSQL protocol.
 * @param q - database or transaction
 * @param table - table name (trusted, from code)
 * @param columns - column names (trusted, from code)
 * @param rows - one array of values per row, in column order
 */
export async function insertRows(q: Queryable, table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void> {
  const perBatch = Math.max(1, Math.floor(30_000 / columns.length))
  for (let start = 0; start < rows.length; start += perBatch) {
    const batch = rows.slice(start, start + perBatch)
    const params: unknown[] = []
    const tuples = batch.map((row) => {
      const marks = row.map((value) => {
        params.push(value)
        return `$${params.length}`
      })
      return `(${marks.join(',')})`
    })
    await q.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuples.join(',')}`, params)
  }
}
