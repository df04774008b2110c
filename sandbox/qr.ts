/**
 * A small QR code encoder (byte mode, error correction level M, versions 1–6, fixed mask 0) for
 * the app-download QR images: enough for URLs up to 106 bytes, with no dependency.
 * @module
 */

// Per version (index 1..6): total codewords, EC codewords per block, number of blocks (level M).
const versions: readonly (readonly [number, number, number])[] = [
  [0, 0, 0],
  [26, 10, 1],
  [44, 16, 1],
  [70, 26, 1],
  [100, 18, 2],
  [134, 24, 2],
  [172, 16, 4],
]
const alignmentCentre = [0, 0, 18, 22, 26, 30, 34]

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Uint8Array(512)
const LOG = new Uint8Array(256)
{
  let x = 1
  for (let i = 0; i < 255; i++) {
    EXP[i] = x
    LOG[x] = i
    x <<= 1
    if (x & 0x100) x ^= 0x11d
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]
}
const mul = (a: number, b: number) => (a && b ? EXP[LOG[a] + LOG[b]] : 0)

/** Reed–Solomon error-correction codewords of `data`. */
export function reedSolomon(data: Uint8Array, ecLen: number): Uint8Array {
  let gen = [1]
  for (let i = 0; i < ecLen; i++) {
    const next = new Array<number>(gen.length + 1).fill(0)
    for (let j = 0; j < gen.length; j++) {
      next[j] ^= gen[j]
      next[j + 1] ^= mul(gen[j], EXP[i])
    }
    gen = next
  }
  const rem = new Uint8Array(ecLen)
  for (const byte of data) {
    const factor = byte ^ rem[0]
    rem.copyWithin(0, 1)
    rem[ecLen - 1] = 0
    for (let j = 0; j < ecLen; j++) rem[j] ^= mul(gen[j + 1], factor)
  }
  return rem
}

/** The final codeword sequence: data split in blocks, interleaved, then the EC codewords interleaved. */
function codewords(text: string): { version: number; words: Uint8Array } {
  const bytes = new TextEncoder().encode(text)
  const version = versions.findIndex(([total, ec, blocks], v) => v > 0 && total - ec * blocks >= bytes.length + 2)
  if (version < 1) throw new Error(`QR: ${bytes.length} bytes do not fit version 6-M`)
  const [total, ecLen, blocks] = versions[version]
  const dataLen = total - ecLen * blocks
  const bits: number[] = []
  const put = (value: number, n: number) => {
    for (let i = n - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  put(0b0100, 4)
  put(bytes.length, 8)
  for (const b of bytes) put(b, 8)
  put(0, Math.min(4, dataLen * 8 - bits.length))
  while (bits.length % 8) bits.push(0)
  const data = new Uint8Array(dataLen)
  for (let i = 0; i < bits.length / 8; i++) data[i] = bits.slice(i * 8, i * 8 + 8).reduce((a, b) => (a << 1) | b, 0)
  for (let i = bits.length / 8, pad = 0; i < dataLen; i++, pad++) data[i] = pad % 2 ? 0x11 : 0xec
  // Versions 1–6 at level M have equal-sized blocks.
  const blockLen = dataLen / blocks
  const dataBlocks = Array.from({ length: blocks }, (_, b) => data.subarray(b * blockLen, (b + 1) * blockLen))
  const ecBlocks = dataBlocks.map((blk) => reedSolomon(blk, ecLen))
  const words = new Uint8Array(total)
  let k = 0
  for (let i = 0; i < blockLen; i++) for (const blk of dataBlocks) words[k++] = blk[i]
  for (let i = 0; i < ecLen; i++) for (const blk of ecBlocks) words[k++] = blk[i]
  return { version, words }
}

/** 15-bit format information for level M and `mask` (BCH code, masked). */
function formatBits(mask: number): number {
  const data = (0b00 << 3) | mask // level M is 00
  let rem = data << 10
  for (let i = 14; i >= 10; i--) if ((rem >>> i) & 1) rem ^= 0x537 << (i - 10)
  return ((data << 10) | rem) ^ 0x5412
}

/**
 * Encodes `text` as a QR matrix.
 * @returns rows of modules, `true` = dark
 * @throws Error when the text is longer than version 6-M holds (106 bytes)
 */
export function qrMatrix(text: string): boolean[][] {
  const { version, words } = codewords(text)
  const size = version * 4 + 17
  const dark: boolean[][] = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  const fixed: boolean[][] = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  const set = (r: number, c: number, on: boolean) => {
    dark[r][c] = on
    fixed[r][c] = true
  }
  const finder = (r0: number, c0: number) => {
    for (let r = -1; r <= 7; r++)
      for (let c = -1; c <= 7; c++) {
        const rr = r0 + r
        const cc = c0 + c
        if (rr < 0 || cc < 0 || rr >= size || cc >= size) continue
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3))
        set(rr, cc, ring !== 2 && ring !== 4)
      }
  }
  finder(0, 0)
  finder(0, size - 7)
  finder(size - 7, 0)
  for (let i = 8; i < size - 8; i++) {
    set(6, i, i % 2 === 0)
    set(i, 6, i % 2 === 0)
  }
  if (version > 1) {
    const a = alignmentCentre[version]
    for (let r = -2; r <= 2; r++) for (let c = -2; c <= 2; c++) set(a + r, a + c, Math.max(Math.abs(r), Math.abs(c)) !== 1)
  }
  // Reserve the format areas and the dark module before placing data.
  for (let i = 0; i < 9; i++) {
    fixed[8][i] = fixed[i][8] = true
  }
  for (let i = 0; i < 8; i++) {
    fixed[8][size - 1 - i] = fixed[size - 1 - i][8] = true
  }
  set(size - 8, 8, true)

  // Data in two-column zigzags from the bottom right, skipping the timing column; mask 0: (r + c) % 2 == 0.
  let bit = 0
  const total = words.length * 8
  for (let right = size - 1, up = true; right >= 1; right -= 2, up = !up) {
    if (right === 6) right = 5
    for (let i = 0; i < size; i++) {
      const r = up ? size - 1 - i : i
      for (const c of [right, right - 1]) {
        if (fixed[r][c]) continue
        const on = bit < total ? ((words[bit >>> 3] >>> (7 - (bit & 7))) & 1) === 1 : false
        bit++
        dark[r][c] = on !== ((r + c) % 2 === 0)
      }
    }
  }

  const format = formatBits(0)
  for (let i = 0; i < 15; i++) {
    const on = ((format >>> i) & 1) === 1
    // First copy around the top-left finder.
    if (i < 6) dark[i][8] = on
    else if (i < 8) dark[i + 1][8] = on
    else if (i === 8) dark[8][7] = on
    else dark[8][14 - i] = on
    // Second copy split between the other two finders.
    if (i < 8) dark[8][size - 1 - i] = on
    else dark[size - 15 + i][8] = on
  }
  return dark
}

/**
 * The dark modules of the QR code of `text` as one SVG path on a square of `size` modules (4-module
 * quiet zone included), for a page that draws the SVG itself.
 */
export function qrPath(text: string): { size: number; path: string } {
  const m = qrMatrix(text)
  let path = ''
  for (const [r, row] of m.entries()) {
    for (const [c, on] of row.entries()) if (on) path += `M${c + 4} ${r + 4}h1v1h-1z`
  }
  return { size: m.length + 8, path }
}

/** The QR code of `text` as a standalone SVG (4-module quiet zone). */
export function qrSvg(text: string): string {
  const { size: n, path } = qrPath(text)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" shape-rendering="crispEdges"><rect width="${n}" height="${n}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
}
