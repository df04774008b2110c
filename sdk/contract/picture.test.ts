import { describe, expect, it } from 'vitest'
import { pictureLimits } from './content.ts'
import { pictureMistake, pictureSize } from './picture.ts'

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))
const be16 = (n: number) => [n >> 8, n & 255]
const le24 = (n: number) => [n & 255, (n >> 8) & 255, n >> 16]

describe("a picture's size from its header", () => {
  it('reads PNG, JPEG (past the segments before its frame), WebP and GIF', () => {
    const png = bytes([0x89], 'PNG', [13, 10, 26, 10, 0, 0, 0, 13], 'IHDR', [0, 0, 4, 176, 0, 0, 2, 118], new Array(9).fill(0))
    expect(pictureSize(png)).toEqual({ type: 'png', width: 1200, height: 630 })
    const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF', new Array(10).fill(0), [0xff, 0xc0, 0, 17, 8], be16(900), be16(1600), new Array(12).fill(0))
    expect(pictureSize(jpeg)).toEqual({ type: 'jpeg', width: 1600, height: 900 })
    const webp = bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8X', [10, 0, 0, 0, 0, 0, 0, 0], le24(2399), le24(1199), [0, 0])
    expect(pictureSize(webp)).toEqual({ type: 'webp', width: 2400, height: 1200 })
    expect(pictureSize(bytes('GIF89a', [64, 1, 200, 0]))).toEqual({ type: 'gif', width: 320, height: 200 })
    expect(pictureSize(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
  })

  it('says which limit a picture passes, in the words the editor and the build show', () => {
    const jpeg = (w: number, h: number, size = 64) => {
      const head = bytes([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8], be16(h), be16(w))
      const out = new Uint8Array(size)
      out.set(head)
      return out
    }
    expect(pictureMistake(jpeg(1200, 1200), pictureLimits.card)).toBeNull()
    expect(pictureMistake(jpeg(1201, 600), pictureLimits.card)).toBe('the picture is 1201 × 600 pixels: at most 1200 × 1200')
    expect(pictureMistake(jpeg(800, 600, 300_001), pictureLimits.card)).toBe('the picture is 301 KB: at most 300 KB (make it smaller or save it as WebP or JPEG)')
    expect(pictureMistake(jpeg(2400, 1200), pictureLimits.banner)).toBeNull()
  })
})
