import type { Hono } from 'hono'
import type { Queryable } from '../../db/index.ts'
import { Fail } from '../../http/fail.ts'
import { realMemberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { reserveAttempt } from '../../auth/login.ts'
import { TRIAL, digits, findById, findByMobile, findByUsername } from '../../auth/members.ts'
import type { Hasher } from '../../auth/password.ts'
import { consume, limits, release, retryAfter, seconds } from '../../auth/ratelimit.ts'
import { passwordRuleErrors, registerRulesByField, invalidFields } from '../../auth/register.ts'
import { clearMustChange, endMemberSessions } from '../../auth/sessions.ts'
import { RESET_LINK_TTL_MS, issueResetLink, resetLinkPath, revokeResetLink, useResetLink } from '../../auth/reset-link.ts'
import { sendEmail } from '../../delivery/index.ts'
import { requireCode, type Phone } from '../../auth/sms.ts'

/**
 * The member's password: changing it, and the two forgotten-password flows (an emailed single-use
 * link, or a code sent to the registered phone).
 * @module
 */

// The hash is charged to the member whose password it is (sandbox/auth/password.ts: per-caller limit).
async function setPassword(q: Queryable, hasher: Hasher, memberId: string, password: string, now: number, temporary: boolean): Promise<void> {
  await q.query('UPDATE members SET password_hash = $2, password_temporary = $3, password_changed_at = to_timestamp($4::float8 / 1000) WHERE id = $1', [
    memberId,
    await hasher.hash(password, `member:${memberId}`),
    temporary,
    now,
  ])
}

/**
 * Mounts the password endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerPasswordRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'changePassword', async (input, ctx) => {
    const m = realMemberOf(ctx)
    const row = await findById(ctx.db, m.id)
    if (!row) throw new Fail('session_expired', 'Please log in again')
    const now = ctx.now()
    const key = m.username.toLowerCase()
    const rules = await registerRulesByField(ctx.db)
    // The request's schema checked the fixed rules and the confirmation; the settings' rule is checked here.
    const errors = passwordRuleErrors(input.newPassword, rules.password, 'newPassword')
    // The old password is not asked for when there is none, or when it was an emailed temporary one.
    const needOld = row.password_hash !== null && !row.password_temporary
    if (needOld && !input.oldPassword) errors.oldPassword = 'err_field_required'
    if (Object.keys(errors).length) throw invalidFields(errors)
    if (needOld) {
      const wait = await retryAfter(ctx.db, limits.loginAccount, key, now)
      if (wait > 0) throw new Fail('account_locked', `Too many failed attempts: try again in ${Math.ceil(wait / 60_000)} min`, { value: { retryAfter: seconds(wait) } })
      // The guess is counted before it is checked (parallel guesses count as N).
      const charges = await reserveAttempt(ctx, key, now)
      let right: boolean
      try {
        right = await ctx.hasher.verify(input.oldPassword!, row.password_hash!, ctx.ip)
      } catch (e) {
        await release(ctx.db, charges, now)
        throw e
      }
      if (!right) throw new Fail('password_incorrect', 'The current password is not right', { fields: { oldPassword: 'err_password_incorrect' } })
      await release(ctx.db, charges, now)
      if (input.oldPassword === input.newPassword) throw invalidFields({ newPassword: 'err_field_same' }, 'The new password must differ from the current one')
    }
    await setPassword(ctx.db, ctx.hasher, m.id, input.newPassword, now, false)
    await endMemberSessions(ctx.db, m.id, now, ctx.token ?? undefined)
    if (ctx.token) await clearMustChange(ctx.db, ctx.token)
    return {}
  })

  handle(app, deps, 'forgotEmail', async (input, ctx) => {
    const now = ctx.now()
    const key = input.username.trim().toLowerCase()
    // Counted atomically with the check: parallel requests cannot mail past the limit.
    const charges = [
      { limit: limits.resetIp, key: ctx.ip },
      { limit: limits.resetAccount, key },
    ]
    await consume(ctx.db, charges, now, 'reset requests')
    const row = await findByUsername(ctx.db, input.username.trim())
    const email = input.email.trim().toLowerCase()
    // The same answer whether or not the pair matches (no account or email enumeration), and the
    // password stays as it is: only whoever reads the mailbox can replace it, through the link.
    if (!row || !row.email || row.email.trim().toLowerCase() !== email || Number(row.type) === TRIAL) return {}
    const token = await issueResetLink(ctx.db, row.id, now)
    try {
      await sendEmail(ctx, row.email, { kind: 'reset', username: row.username, path: resetLinkPath(token, ctx.language), minutes: RESET_LINK_TTL_MS / 60_000 })
    } catch (err) {
      // Never delivered: the link dies and the request is not counted, so the player may ask again at once.
      await revokeResetLink(ctx.db, token, now)
      await release(ctx.db, charges, now)
      throw err
    }
    return {}
  })

  handle(app, deps, 'resetByLink', async (input, ctx) => {
    const rules = await registerRulesByField(ctx.db)
    // The policy is checked before the link is used up: a refused password leaves the link working.
    const errors = passwordRuleErrors(input.newPassword, rules.password, 'newPassword')
    if (Object.keys(errors).length) throw invalidFields(errors)
    const now = ctx.now()
    const memberId = await useResetLink(ctx.db, input.token, now)
    await setPassword(ctx.db, ctx.hasher, memberId, input.newPassword, now, false)
    // Whoever was signed in with the old password is signed out, and their game launches end.
    await endMemberSessions(ctx.db, memberId, now)
    return {}
  })

  handle(app, deps, 'resetByPhone', async (input, ctx) => {
    if (!(await ctx.flags()).PHONEVERIFY3) throw new Fail('not_enabled', 'Password reset by phone is not enabled')
    const rules = await registerRulesByField(ctx.db)
    const errors = passwordRuleErrors(input.newPassword, rules.password, 'newPassword')
    if (Object.keys(errors).length) throw invalidFields(errors)
    const phone: Phone = { dial: input.countryDialingCode, mobile: input.mobileNum }
    const now = ctx.now()
    // Failures count per number like SMS login, reserved before the code is checked.
    const charges = await reserveAttempt(ctx, `sms:${digits(phone.dial)}:${digits(phone.mobile)}`, now)
    // Codes from the login and registration sends count: the reset form fetches its code through them.
    await requireCode(ctx.db, phone, ['login', 'register', 'reset'], input.verificationCode, now)
    await release(ctx.db, charges, now)
    const row = await findByMobile(ctx.db, phone.dial, phone.mobile)
    if (!row || Number(row.type) === TRIAL) throw new Fail('sms_code_invalid', 'The verification code is not valid', { fields: { verificationCode: 'err_sms_code_invalid' } })
    await setPassword(ctx.db, ctx.hasher, row.id, input.newPassword, now, false)
    await endMemberSessions(ctx.db, row.id, now)
    // The number proved ownership, so naming its account lets the client log in at once (SPEC §4).
    return { userName: row.username }
  })
}
