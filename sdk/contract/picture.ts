/**
 * A picture's size read from its first bytes (PNG, JPEG, WebP, GIF), and whether it keeps within a
 * field's limits: the web editor's endpoint checks an upload with it and the build checks every
 * picture an entry names, with the same words.
 * @module
 */
import type { PictureLimits } from './content.ts'

/** Width and height in pixels, and the format. */
export interface PictureSize {
  type: 'png' | 'jpeg' | 'webp' | 'gif'
  width: number
  height: number
}

const ascii = (b: Uint8Array, at: number, text: string) => [...text].every((ch, i) => b[at + i] === ch.charCodeAt(0))

/**
 * The size of a picture, or `null` when the bytes are none of the formats the site shows.
 * @example pictureSize(pngBytes) // { type: 'png', width: 1200, height: 630 }
 */
export function pictureSize(b: Uint8Array): PictureSize | null {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength)
  if (b.length >= 24 && ascii(b, 1, 'PNG') && ascii(b, 12, 'IHDR')) return { type: 'png', width: v.getUint32(16), height: v.getUint32(20) }
  if (b.length >= 10 && ascii(b, 0, 'GIF8')) return { type: 'gif', width: v.getUint16(6, true), height: v.getUint16(8, true) }
  if (b.length >= 30 && ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) {
    if (ascii(b, 12, 'VP8 ')) return { type: 'webp', width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff }
    if (ascii(b, 12, 'VP8L')) {
      const bits = v.getUint32(21, true)
      return { type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
    }
    if (ascii(b, 12, 'VP8X')) return { type: 'webp', width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)), height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)) }
    return null
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    // Walk the segments to the frame header (SOF0…SOF15 but DHT, JPG and DAC).
    let at = 2
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) return null
      const marker = b[at + 1]
      const length = v.getUint16(at + 2)
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { type: 'jpeg', width: v.getUint16(at + 7), height: v.getUint16(at + 5) }
      at += 2 + length
    }
  }
  return null
}

/**
 * What is wrong with a picture for a field with these limits, or `null` when it fits.
 * @example pictureMistake(bigPng, { maxBytes: 300_000, maxWidth: 1200, maxHeight: 1200 }) // 'the picture is 2400 × 1600 pixels: at most 1200 × 1200'
 */
export function pictureMistake(bytes: Uint8Array, limits: PictureLimits): string | null {
  const size = pictureSize(bytes)
  if (!size) return 'the file is not a picture the site shows (PNG, JPEG, WebP or GIF)'
  if (bytes.length > limits.maxBytes)
    return `the picture is ${Math.ceil(bytes.length / 1000)} KB: at most ${limits.maxBytes / 1000} KB (make it smaller or save it as WebP or JPEG)`
  if (size.width > limits.maxWidth || size.height > limits.maxHeight)
    return `the picture is ${size.width} × ${size.height} pixels: at most ${limits.maxWidth} × ${limits.maxHeight}`
  return null
}
