import { describe, expect, it } from 'vitest'
import { qrMatrix, qrSvg, reedSolomon } from './qr.ts'

describe('qr', () => {
  it('computes Reed–Solomon codewords of the standard 1-M example', () => {
    const data = Uint8Array.from([32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17])
    expect([...reedSolomon(data, 10)]).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
  })

  it('grows the version with the text and draws the finder patterns', () => {
    expect(qrMatrix('hi')).toHaveLength(21)
    expect(qrMatrix('https://apps.example.com/lobbykit/android.apk')).toHaveLength(33)
    const m = qrMatrix('https://apps.example.com/lobbykit/ios')
    const n = m.length
    for (const [r0, c0] of [
      [0, 0],
      [0, n - 7],
      [n - 7, 0],
    ]) {
      expect(m[r0][c0] && m[r0 + 6][c0 + 6] && m[r0 + 3][c0 + 3]).toBe(true)
      expect(m[r0 + 1][c0 + 1]).toBe(false)
    }
    expect(m[n - 8][8]).toBe(true) // the dark module
  })

  it('writes the format information for level M, mask 0 in both copies', () => {
    const m = qrMatrix('format')
    const n = m.length
    const expected = '101010000010010' // ISO 18004 table, M + mask 0, most significant bit first
    const bit = (i: number) => (m[8][n - 1 - i] ? 1 : 0) // second copy, bit i from the least significant
    const second = Array.from({ length: 8 }, (_, i) => bit(i)).concat(Array.from({ length: 7 }, (_, k) => (m[n - 7 + k][8] ? 1 : 0)))
    expect(second.reverse().join('')).toBe(expected)
    const first = [0, 1, 2, 3, 4, 5]
      .map((r) => m[r][8])
      .concat(
        [m[7][8], m[8][8], m[8][7]],
        [5, 4, 3, 2, 1, 0].map((c) => m[8][c]),
      )
    expect(
      first
        .map((b) => (b ? 1 : 0))
        .reverse()
        .join(''),
    ).toBe(expected)
  })

  it('refuses text beyond version 6 and renders SVG', () => {
    expect(() => qrMatrix('x'.repeat(107))).toThrow(/do not fit/)
    expect(qrSvg('hi')).toMatch(/^<svg [^>]*viewBox="0 0 29 29"/)
  })
})
