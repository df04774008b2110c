/**
 * TOTP (RFC 6238 over RFC 4226): HMAC-SHA1, 30-second steps, six digits, the parameters every
 * authenticator app assumes. The secret travels as base32 (RFC 4648, no padding).
 * @module
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** Seconds per step. */
export const TOTP_STEP_S = 30
const DIGITS = 6
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** Base32 without padding. */
export function base32(bytes: Uint8Array): string {
  let out = ''
  let bits = 0
  let value = 0
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
  return out
}

/** Bytes of a base32 text (case, spaces and padding ignored); throws on another character. */
export function fromBase32(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '')
  const out: number[] = []
  let bits = 0
  let value = 0
  for (const ch of clean) {
    const index = ALPHABET.indexOf(ch)
    if (index < 0) throw new Error(`not base32: ${ch}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => base32(randomBytes(20))

/** The 30-second step of a time (epoch milliseconds). */
export const stepOf = (ms: number): number => Math.floor(ms / 1000 / TOTP_STEP_S)

/** The code of `step` for `secret` (base32). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const mac = createHmac('sha1', fromBase32(secret)).update(counter).digest()
  const offset = mac[mac.length - 1] & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0')
}

/**
 * The step whose code `code` is, among the current step and one either side (clocks drift), or null.
 * Only steps after `lastStep` count: a code that signed in once never signs in again.
 */
export function matchingStep(secret: string, code: string, now: number, lastStep: number): number | null {
  const given = Buffer.from(code)
  const current = stepOf(now)
  for (const step of [current - 1, current, current + 1]) {
    if (step <= lastStep) continue
    const expected = Buffer.from(totpCode(secret, step))
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step
  }
  return null
}

/** The `otpauth://` address an authenticator app scans (as a QR code) or takes typed in. */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(DIGITS), period: String(TOTP_STEP_S) })
  return `otpauth://totp/${label}?${query}`
}
