/**
 * The provably fair draw rule, one copy for the server that draws and the browser that verifies:
 * a draw's commitment is the SHA-256 of its server seed (published before the draw opens), and its
 * winning digits derive from that seed alone (revealed after the draw). Web Crypto only, so it runs
 * in Node and in browsers alike.
 * @module
 */

const hex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('')
const sha256 = (text: string): Promise<ArrayBuffer> => globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))

/**
 * The commitment of a seed: lower-case hex SHA-256 of the seed's UTF-8 text.
 * @example await commitmentOf('ab12…') // '9f86d0…'
 */
export async function commitmentOf(seed: string): Promise<string> {
  return hex(await sha256(seed))
}

/**
 * The winning number of a seed: `digits` decimal digits read from SHA-256(`seed:n`) for n = 0, 1, …,
 * one digit per byte below 250 (bytes 250–255 are skipped so every digit is equally likely).
 * @param seed - the revealed server seed
 * @param digits - how many digits the game draws (1–64)
 */
export async function drawDigits(seed: string, digits: number): Promise<string> {
  let out = ''
  for (let n = 0; out.length < digits; n++) {
    for (const byte of new Uint8Array(await sha256(`${seed}:${n}`))) {
      if (byte < 250) out += String(byte % 10)
      if (out.length === digits) break
    }
  }
  return out
}

/** What a verifier finds: whether the seed matches the commitment and the number matches the seed. */
export interface DrawCheck {
  commitmentMatches: boolean
  numberMatches: boolean
  /** The number the seed gives. */
  expected: string
}

/**
 * Checks a revealed draw: recomputes the commitment and the winning number from the seed.
 * @example const check = await verifyDraw({ seed, commitment, winningNumber: '4821', digits: 4 })
 */
export async function verifyDraw(d: { seed: string; commitment: string; winningNumber: string }): Promise<DrawCheck> {
  const expected = await drawDigits(d.seed, d.winningNumber.length)
  return { commitmentMatches: (await commitmentOf(d.seed)) === d.commitment.toLowerCase(), numberMatches: expected === d.winningNumber, expected }
}
