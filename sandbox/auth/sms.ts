import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Db, Queryable } from '../db/index.ts'
import { countryDigits, hasCountryDigits, type Country } from '../../sdk/contract/all.ts'
import { Fail } from '../http/fail.ts'
import { getSetting } from '../settings.ts'
import { digits } from './members.ts'
import { consume, limits, release, type Charge } from './ratelimit.ts'

/**
 * One-time SMS codes: 6 digits, valid for {@link SMS_TTL_MINUTES} minutes, single use, dead after
 * {@link SMS_MAX_TRIES} wrong tries, superseded by a newer code for the same number. Sending is
 * throttled per number and per address, by the minute, the hour and the day.
 * @module
 */

export const SMS_TTL_MINUTES = 5
export const SMS_MAX_TRIES = 5

/** Why a code was sent; a check names the purposes it accepts. */
export type SmsPurpose = 'login' | 'register' | 'reset' | 'second_step' | 'idp'

/** A phone number as dialing code and national number (any formatting; compared as digits). */
export interface Phone {
  dial: string
  mobile: string
}

/**
 * A number has the digits of its country's numbers (the platform's countries list): the contract's
 * rule, which every mobile form checks too. Refused under `mobileNum` with `key`, the count in `value.digits`.
 */
export async function requireCountryDigits(q: Queryable, phone: Phone, key = 'auth_err_mobile_digits'): Promise<void> {
  const count = countryDigits(await getSetting<Country[]>(q, 'countries', []), phone.dial)
  if (hasCountryDigits(phone.mobile, count)) return
  throw new Fail('validation_failed', `The mobile number must have ${count} digits.`, { fields: { mobileNum: key }, value: { digits: count } })
}

/**
 * Applies the send throttles for a number (within `scope`) and an address, and counts this send.
 * @returns the counts taken, to give back (`release`) when the message could not be sent
 * @throws Fail('rate_limited') with a message saying when to retry (`value.retryAfter` in seconds)
 */
export async function throttleSend(db: Db, phone: Phone, ip: string, now: number, scope = 'sms'): Promise<Charge[]> {
  // Second-step codes (sent only after a right password) have their own scope, so a login code
  // requested a moment earlier does not block them.
  const key = `${scope}:${digits(phone.dial)}:${digits(phone.mobile)}`
  // Counted atomically with the check: parallel sends to one number cannot all read "none yet".
  const charges: Charge[] = [
    { limit: limits.smsNumber, key },
    { limit: limits.smsIp, key: ip },
    { limit: limits.smsNumberDay, key },
    { limit: limits.smsIpDay, key: ip },
  ]
  await consume(db, charges, now, 'codes requested')
  return charges
}

/**
 * Stores a new code for a number (superseding older ones) and returns it for delivery.
 * Call {@link throttleSend} first.
 */
export async function createCode(q: Queryable, phone: Phone, purpose: SmsPurpose, now: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await q.query(`INSERT INTO sms_codes (id, dial, mobile, purpose, code, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    randomBytes(12).toString('base64url'),
    digits(phone.dial),
    digits(phone.mobile),
    purpose,
    code,
    now,
    now + SMS_TTL_MINUTES * 60_000,
  ])
  return code
}

/**
 * Removes a code that was never delivered (its provider failed): it cannot be used, and the number's
 * earlier code stays as it was.
 */
export async function dropCode(q: Queryable, phone: Phone, purpose: SmsPurpose, code: string): Promise<void> {
  await q.query('DELETE FROM sms_codes WHERE dial = $1 AND mobile = $2 AND purpose = $3 AND code = $4 AND used_at IS NULL', [
    digits(phone.dial),
    digits(phone.mobile),
    purpose,
    code,
  ])
}

/**
 * Creates a code and sends it with `deliver`. When the send fails the code is removed and the send's
 * throttle counts (`charges`, from {@link throttleSend} at `now`) given back: nothing undelivered can be
 * used, and the player may ask again at once.
 * @throws whatever `deliver` throws
 */
export async function createAndSend(db: Db, phone: Phone, purpose: SmsPurpose, now: number, charges: Charge[], deliver: (code: string) => Promise<void>): Promise<void> {
  const code = await createCode(db, phone, purpose, now)
  try {
    await deliver(code)
  } catch (err) {
    await dropCode(db, phone, purpose, code)
    await release(db, charges, now)
    throw err
  }
}

/** Outcome of {@link checkCode}. */
export type CodeCheck = 'ok' | 'invalid' | 'expired'

/**
 * Checks a code against the newest one sent to the number for any of `purposes`, and consumes it
 * when right. A wrong guess uses up one of the {@link SMS_MAX_TRIES} tries.
 */
export async function checkCode(q: Queryable, phone: Phone, purposes: SmsPurpose[], input: string, now: number): Promise<CodeCheck> {
  const rows = await q.query<{ id: string; code: string; expires_at: number | string; tries: number; used_at: number | string | null }>(
    `SELECT id, code, expires_at, tries, used_at FROM sms_codes
      WHERE dial = $1 AND mobile = $2 AND purpose = ANY($3::text[])
      ORDER BY seq DESC LIMIT 1`,
    [digits(phone.dial), digits(phone.mobile), purposes],
  )
  const c = rows[0]
  if (!c || c.used_at !== null || Number(c.tries) >= SMS_MAX_TRIES) return 'invalid'
  if (Number(c.expires_at) <= now) return 'expired'
  // Reserve a try before comparing, atomically: parallel guesses cannot exceed the limit.
  const reserved = await q.query('UPDATE sms_codes SET tries = tries + 1 WHERE id = $1 AND tries < $2 AND used_at IS NULL RETURNING id', [c.id, SMS_MAX_TRIES])
  if (!reserved.length) return 'invalid'
  const a = Buffer.from(c.code)
  const b = Buffer.from(input.trim())
  if (a.length !== b.length || !timingSafeEqual(a, b)) return 'invalid'
  // Two concurrent checks with the right code: only one may consume it.
  const used = await q.query('UPDATE sms_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [c.id, now])
  return used.length ? 'ok' : 'invalid'
}

/**
 * Gives back the code {@link checkCode} consumed at `at` for one of `purposes` (until it expires, with
 * the tries it has left): a login proved right but refused for a break, so the same code may open the
 * withdrawal-only session the refusal offers without sending another.
 */
export async function reopenCode(q: Queryable, phone: Phone, purposes: SmsPurpose[], at: number): Promise<void> {
  await q.query(
    `UPDATE sms_codes SET used_at = NULL WHERE id = (
       SELECT id FROM sms_codes WHERE dial = $1 AND mobile = $2 AND purpose = ANY($3::text[]) ORDER BY seq DESC LIMIT 1
     ) AND used_at = $4`,
    [digits(phone.dial), digits(phone.mobile), purposes, at],
  )
}

/**
 * {@link checkCode} that throws the matching failure unless the code is right.
 * @throws Fail('sms_code_invalid' | 'sms_code_expired')
 */
export async function requireCode(q: Queryable, phone: Phone, purposes: SmsPurpose[], input: string, now: number, field = 'verificationCode'): Promise<void> {
  const r = await checkCode(q, phone, purposes, input, now)
  if (r === 'expired') throw new Fail('sms_code_expired', 'The verification code has expired: request a new one', { fields: { [field]: 'err_sms_code_expired' } })
  if (r === 'invalid') throw new Fail('sms_code_invalid', 'The verification code is not valid', { fields: { [field]: 'err_sms_code_invalid' } })
}
