import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Password hashing with scrypt at the OWASP minimum (N=2^17, r=8, p=1), stored as a self-describing
 * string `$scrypt$ln=17,r=8,p=1$<salt>$<hash>` (base64, no padding) so parameters can be raised later
 * without breaking stored hashes.
 * @module
 */

const LOG_N = 17
const R = 8
const P = 1
const KEY_LEN = 32
const SALT_LEN = 16
// scrypt needs 128·N·r bytes (128 MiB at these settings); Node's default cap of 32 MiB is too small.
const MAXMEM = 256 * 1024 * 1024

function derive(pw: string, salt: Buffer, logN: number, r: number, p: number, len: number): Promise<Buffer> {
  const opts: ScryptOptions = { N: 2 ** logN, r, p, maxmem: MAXMEM }
  return new Promise((resolve, reject) =>
    scrypt(pw.normalize('NFKC'), salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

/**
 * Hashes a password with a fresh 16-byte salt.
 * @returns a string such as `$scrypt$ln=17,r=8,p=1$…$…`
 */
export async function hashPassword(pw: string): Promise<string> {
  const salt = randomBytes(SALT_LEN)
  const key = await derive(pw, salt, LOG_N, R, P, KEY_LEN)
  return `$scrypt$ln=${LOG_N},r=${R},p=${P}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]{8,64})\$([A-Za-z0-9_-]{16,128})$/

/**
 * Checks a password against a stored hash in constant time. A malformed or absent hash never matches.
 */
export async function verifyPassword(pw: string, stored: string): Promise<boolean> {
  const m = FORMAT.exec(stored)
  if (!m) return false
  const [, ln, r, p, salt, hash] = m
  const logN = Number(ln)
  // Refuse parameters we would never write: a tampered row must not make us burn memory or CPU.
  if (logN < 10 || logN > 20 || Number(r) < 1 || Number(r) > 16 || Number(p) < 1 || Number(p) > 4) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(pw, Buffer.from(salt, 'base64url'), logN, Number(r), Number(p), expected.length)
  return timingSafeEqual(key, expected)
}

let dummy: Promise<string> | undefined

/**
 * Spends the same time as {@link verifyPassword} on a hash that matches nothing, so an unknown user
 * answers as slowly as a wrong password (no timing enumeration).
 */
export async function verifyDummy(pw: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'))
  await verifyPassword(pw, await dummy)
  return false
}

/** Whether a password is the platform's default weak password that must be changed at once. */
export const isWeakPassword = (pw: string): boolean => pw === '123456'
