import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { crc32, encodePng, plot, raster } from './png.ts'
import { renderCaptcha } from './captcha.ts'

/** Reads back width, height and raw pixels of a PNG written by encodePng, checking every CRC. */
function decode(png: Buffer): { width: number; height: number; rows: Buffer } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  let off = 8
  let width = 0
  let height = 0
  const idat: Buffer[] = []
  while (off < png.length) {
    const len = png.readUInt32BE(off)
    const type = png.toString('latin1', off + 4, off + 8)
    const data = png.subarray(off + 8, off + 8 + len)
    expect(png.readUInt32BE(off + 8 + len)).toBe(crc32(png.subarray(off + 4, off + 8 + len)))
    if (type === 'IHDR') [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)]
    if (type === 'IDAT') idat.push(data)
    off += 12 + len
  }
  return { width, height, rows: inflateSync(Buffer.concat(idat)) }
}

describe('PNG encoder', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926)
  })

  it('writes a valid PNG whose pixels read back', () => {
    const r = raster(3, 2, [255, 255, 255])
    plot(r, 1, 1, [10, 20, 30])
    const { width, height, rows } = decode(encodePng(r))
    expect([width, height]).toEqual([3, 2])
    expect(rows.length).toBe(2 * (3 * 3 + 1))
    expect([...rows.subarray(10 + 1 + 3, 10 + 1 + 6)]).toEqual([10, 20, 30])
  })

  it('renders a captcha with ink on it, different each time for the same text', () => {
    const a = renderCaptcha('AC34')
    const b = renderCaptcha('AC34')
    const { width, height, rows } = decode(a)
    expect([width, height]).toEqual([132, 44])
    const dark = [...rows].filter((v, i) => i % (width * 3 + 1) !== 0 && v < 110).length
    expect(dark).toBeGreaterThan(100)
    expect(a.equals(b)).toBe(false)
  })
})
