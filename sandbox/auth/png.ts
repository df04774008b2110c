import { deflateSync } from 'node:zlib'

/**
 * A minimal PNG encoder (8-bit RGB, no filtering) for generated images such as captchas.
 * @module
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

/** CRC-32 as PNG chunks use it. */
export function crc32(buf: Uint8Array): number {
  let c = 0xffffffff
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/** An RGB raster: `pixels` holds width·height·3 bytes, row by row. */
export interface Raster {
  width: number
  height: number
  pixels: Uint8Array
}

/** Creates a raster filled with one colour. */
export function raster(width: number, height: number, rgb: [number, number, number]): Raster {
  const pixels = new Uint8Array(width * height * 3)
  for (let i = 0; i < pixels.length; i += 3) pixels.set(rgb, i)
  return { width, height, pixels }
}

/** Sets one pixel; coordinates outside the raster are ignored. */
export function plot(r: Raster, x: number, y: number, rgb: [number, number, number]): void {
  const xi = Math.round(x)
  const yi = Math.round(y)
  if (xi < 0 || yi < 0 || xi >= r.width || yi >= r.height) return
  r.pixels.set(rgb, (yi * r.width + xi) * 3)
}

/** Encodes a raster as a PNG file. */
export function encodePng(r: Raster): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(r.width, 0)
  header.writeUInt32BE(r.height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: truecolour
  const stride = r.width * 3
  const scan = Buffer.alloc((stride + 1) * r.height)
  for (let y = 0; y < r.height; y++) {
    scan[y * (stride + 1)] = 0 // filter: none
    scan.set(r.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(scan)), chunk('IEND', Buffer.alloc(0))])
}
