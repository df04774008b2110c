import { describe, expect, it } from 'vitest'
import { pageItems, targetPage } from './paging.ts'

const labels = (current: number, total: number) => pageItems(current, total).map((i) => (i.kind === 'page' ? i.page : '…'))

describe('paging', () => {
  it('clamps every target to 1..totalPages', () => {
    expect(targetPage(1, 'prev', 5)).toBe(1)
    expect(targetPage(5, 'next', 5)).toBe(5)
    expect(targetPage(2, 'last', 5)).toBe(5)
    expect(targetPage(4, 'first', 5)).toBe(1)
    expect(targetPage(1, 42, 5)).toBe(5)
    expect(targetPage(1, 'next', 0)).toBe(1)
  })

  it('shows margin 1 and range 3 with gaps', () => {
    expect(labels(10, 20)).toEqual([1, '…', 9, 10, 11, '…', 20])
    expect(labels(1, 20)).toEqual([1, 2, 3, '…', 20])
    expect(labels(20, 20)).toEqual([1, '…', 18, 19, 20])
    expect(labels(2, 4)).toEqual([1, 2, 3, 4])
    expect(labels(1, 1)).toEqual([1])
    expect(labels(1, 0)).toEqual([])
  })

  it('stays the same size for 667 pages as for 7', () => {
    expect(pageItems(300, 667).length).toBeLessThanOrEqual(7)
    expect(pageItems(4, 7).length).toBeLessThanOrEqual(7)
  })
})
