/**
 * The security centre's codes: binding a mobile number or an email to the account, and resetting a
 * forgotten payment password by a code sent to the verified mobile. Codes go out through the message
 * providers (sandbox/delivery/); each is
 * bound to its member, purpose and target, valid {@link CODE_TTL_MINUTES} minutes, single use, dead
 * after {@link CODE_MAX_TRIES} wrong guesses and superseded by a newer one. (The login codes of
 * `auth/sms.ts` are keyed by phone alone and cannot carry an email, hence this member-bound table.)
 * @module
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { requireCountryDigits } from '../auth/sms.ts'
import type { Ctx } from '../http/context.ts'
import { digits, findByMobile } from '../auth/members.ts'
import { consume as consumeLimits, release as releaseLimits, type Charge, type Limit } from '../auth/ratelimit.ts'
import { sendEmail, sendSms } from '../delivery/index.ts'

export const CODE_TTL_MINUTES = 5
export const CODE_MAX_TRIES = 5

/** Sends per member and purpose: one a minute, ten a day. */
const sendLimits: Limit[] = [
  { bucket: 'member_code_minute', max: 1, windowMs: 60_000 },
  { bucket: 'member_code_day', max: 10, windowMs: 24 * 60 * 60_000 },
]

type Purpose = 'bind_mobile' | 'bind_email' | 'pay_reset'
/** A mobile number or an email, as the contract's requests carry them. */
export type Contact = { channel: 'mobile'; countryDialingCode: string; mobileNum: string } | { channel: 'email'; email: string }

const targetOf = (c: Contact): string => (c.channel === 'mobile' ? `${digits(c.countryDialingCode)}:${digits(c.mobileNum)}` : c.email.trim().toLowerCase())
const purposeOf = (c: Contact): Purpose => (c.channel === 'mobile' ? 'bind_mobile' : 'bind_email')

/** Masks a number but its last four digits: `+63 •••••••4567`. */
export const maskMobile = (dial: string, mobile: string): string =>
  mobile ? `+${digits(dial)} ${'•'.repeat(Math.max(0, digits(mobile).length - 4))}${digits(mobile).slice(-4)}` : ''
/** Masks an email but its first two letters and domain: `ju•••@example.com`. */
export const maskEmail = (email: string): string => {
  const at = email.indexOf('@')
  return at < 1 ? '' : `${email.slice(0, Math.min(2, at))}•••${email.slice(at)}`
}

/**
 * Issues a code (throttled per member and purpose) and sends it with `deliver`. A failed send deletes
 * the code and gives the throttle back: nothing undelivered can be used, and the member may ask again at once.
 */
async function issue(ctx: Ctx, memberId: string, purpose: Purpose, target: string, now: number, deliver: (code: string) => Promise<void>): Promise<void> {
  const key = `${memberId}:${purpose}`
  const charges: Charge[] = sendLimits.map((limit) => ({ limit, key }))
  // Counted atomically with the check: parallel sends cannot all read "none this minute".
  await consumeLimits(ctx.db, charges, now, 'codes requested')
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const id = randomBytes(12).toString('base64url')
  await ctx.db.query('INSERT INTO member_codes (id, member_id, purpose, target, code, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    id,
    memberId,
    purpose,
    target,
    code,
    now,
    now + CODE_TTL_MINUTES * 60_000,
  ])
  try {
    await deliver(code)
  } catch (err) {
    await ctx.db.query('DELETE FROM member_codes WHERE id = $1', [id])
    await releaseLimits(ctx.db, charges, now)
    throw err
  }
}

/**
 * Consumes the newest code of a member's purpose when it is right and went to `target`; a wrong guess
 * uses up a try, reserved before comparing so that parallel guesses cannot exceed the limit.
 * @throws Fail('sms_code_invalid' | 'sms_code_expired') under the field `field`
 */
async function consume(q: Queryable, memberId: string, purpose: Purpose, target: string, input: string, now: number, field: string): Promise<void> {
  const [c] = await q.query<{ id: string; code: string; target: string; expires_at: string | number; tries: number; used_at: string | number | null }>(
    'SELECT id, code, target, expires_at, tries, used_at FROM member_codes WHERE member_id = $1 AND purpose = $2 ORDER BY seq DESC LIMIT 1',
    [memberId, purpose],
  )
  const invalid = () => new Fail('sms_code_invalid', 'The verification code is not valid', { fields: { [field]: 'err_sms_code_invalid' } })
  if (!c || c.used_at !== null || c.tries >= CODE_MAX_TRIES || c.target !== target) throw invalid()
  if (Number(c.expires_at) <= now) throw new Fail('sms_code_expired', 'The verification code has expired: request a new one', { fields: { [field]: 'err_sms_code_expired' } })
  const reserved = await q.query('UPDATE member_codes SET tries = tries + 1 WHERE id = $1 AND tries < $2 AND used_at IS NULL RETURNING id', [c.id, CODE_MAX_TRIES])
  const a = Buffer.from(c.code)
  const b = Buffer.from(input.trim())
  if (!reserved.length || a.length !== b.length || !timingSafeEqual(a, b)) throw invalid()
  const used = await q.query('UPDATE member_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [c.id, now])
  if (!used.length) throw invalid()
}

/** A mobile number to bind has its country's digits, as on login and registration. */
const refuseWrongDigits = (q: Queryable, c: Contact) =>
  c.channel === 'mobile' ? requireCountryDigits(q, { dial: c.countryDialingCode, mobile: c.mobileNum }, 'money_err_mobile_digits') : Promise.resolve()

async function refuseTakenMobile(q: Queryable, memberId: string, c: Contact): Promise<void> {
  if (c.channel !== 'mobile') return
  const owner = await findByMobile(q, c.countryDialingCode, c.mobileNum)
  if (owner && owner.id !== memberId) throw new Fail('mobile_taken', 'This mobile number belongs to another account', { fields: { mobileNum: 'err_mobile_taken' } })
}

/** Sends a binding code to the number (SMS) or address (email), in the request's language. */
export async function sendContactCode(ctx: Ctx, memberId: string, c: Contact): Promise<{ expiredMinutes: number; to: string }> {
  const now = ctx.now()
  await refuseWrongDigits(ctx.db, c)
  await refuseTakenMobile(ctx.db, memberId, c)
  if (c.channel === 'mobile') {
    const phone = { dial: digits(c.countryDialingCode), mobile: digits(c.mobileNum) }
    await issue(ctx, memberId, purposeOf(c), targetOf(c), now, (code) => sendSms(ctx, phone, { kind: 'code', purpose: 'bind', code, minutes: CODE_TTL_MINUTES }))
    return { expiredMinutes: CODE_TTL_MINUTES, to: maskMobile(c.countryDialingCode, c.mobileNum) }
  }
  await issue(ctx, memberId, purposeOf(c), targetOf(c), now, (code) => sendEmail(ctx, targetOf(c), { kind: 'code', purpose: 'bind', code, minutes: CODE_TTL_MINUTES }))
  return { expiredMinutes: CODE_TTL_MINUTES, to: maskEmail(targetOf(c)) }
}

/** Binds the number or address a right code was sent to, and marks it verified. */
export async function bindContact(ctx: Ctx, memberId: string, c: Contact & { code: string }): Promise<void> {
  const now = ctx.now()
  await refuseWrongDigits(ctx.db, c)
  await consume(ctx.db, memberId, purposeOf(c), targetOf(c), c.code, now, 'code')
  await ctx.db.tx(async (q) => {
    await q.query('INSERT INTO money_profiles (member_id) VALUES ($1) ON CONFLICT (member_id) DO NOTHING', [memberId])
    if (c.channel === 'mobile') {
      // Checked again inside the write: another account may have bound the number since the send.
      await refuseTakenMobile(q, memberId, c)
      await q.query('UPDATE members SET country_dialing_code = $2, mobile_num = $3 WHERE id = $1', [memberId, digits(c.countryDialingCode), digits(c.mobileNum)])
      await q.query('UPDATE money_profiles SET mobile_verified_at = $2 WHERE member_id = $1', [memberId, now])
    } else {
      await q.query('UPDATE members SET email = $2 WHERE id = $1', [memberId, c.email.trim().toLowerCase()])
      await q.query('UPDATE money_profiles SET email_verified_at = $2 WHERE member_id = $1', [memberId, now])
    }
  })
}

async function verifiedMobile(q: Queryable, memberId: string): Promise<{ dial: string; mobile: string }> {
  const [row] = await q.query<{ dial: string; mobile: string; verified: string | number | null }>(
    `SELECT m.country_dialing_code AS dial, m.mobile_num AS mobile, p.mobile_verified_at AS verified
       FROM members m LEFT JOIN money_profiles p ON p.member_id = m.id WHERE m.id = $1`,
    [memberId],
  )
  if (!row || row.verified === null || !row.mobile)
    throw new Fail('validation_failed', 'Bind and verify a mobile number first.', { fields: { verificationCode: 'money_err_mobile_unverified' } })
  return row
}

/** Sends a payment-password reset code to the member's verified mobile. */
export async function sendPaymentResetCode(ctx: Ctx, memberId: string): Promise<{ expiredMinutes: number; to: string }> {
  const now = ctx.now()
  const { dial, mobile } = await verifiedMobile(ctx.db, memberId)
  const phone = { dial: digits(dial), mobile: digits(mobile) }
  await issue(ctx, memberId, 'pay_reset', `${phone.dial}:${phone.mobile}`, now, (code) =>
    sendSms(ctx, phone, { kind: 'code', purpose: 'pay_reset', code, minutes: CODE_TTL_MINUTES }),
  )
  return { expiredMinutes: CODE_TTL_MINUTES, to: maskMobile(dial, mobile) }
}

/** Sets a new payment password with a right reset code, and clears the wrong-try lock. */
export async function resetPaymentPassword(ctx: Ctx, memberId: string, input: { verificationCode: string; newPassword: string }): Promise<void> {
  const now = ctx.now()
  const { dial, mobile } = await verifiedMobile(ctx.db, memberId)
  await consume(ctx.db, memberId, 'pay_reset', `${digits(dial)}:${digits(mobile)}`, input.verificationCode, now, 'verificationCode')
  await ctx.db.query('UPDATE money_profiles SET pay_password_hash = $2, pay_tries = 0, pay_window_start = 0 WHERE member_id = $1', [
    memberId,
    await ctx.payHasher.hash(input.newPassword, `member:${memberId}`),
  ])
}
