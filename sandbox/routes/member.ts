import { createHash, randomInt } from 'node:crypto'
import type { Hono } from 'hono'
import type { ParsedRequestOf, RegisterField, RegisterRule, ResponseOf } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import type { Ctx, Deps } from '../http/context.ts'
import { handle } from '../http/handle.ts'
import type { Member, MemberRow } from '../auth/members.ts'
import { createMember, isUniqueViolation } from '../auth/accounts.ts'
import { checkCaptcha } from '../auth/captcha.ts'
import { verifyIdToken } from '../auth/idp.ts'
import { completeLogin, reserveAttempt } from '../auth/login.ts'
import { AGENT_VALUES, TRIAL, digits, findById, findByMobile, findByUsername, profileOf } from '../auth/members.ts'
import type { Hasher } from '../auth/password.ts'
import { consume, limits, release, retryAfter, seconds, type Charge } from '../auth/ratelimit.ts'
import { checkNewPassword, validateRegistration, type FieldErrors } from '../auth/register.ts'
import { clearMustChange, endMemberSessions } from '../auth/sessions.ts'
import { RESET_LINK_TTL_MS, issueResetLink, resetLinkPath, useResetLink } from '../auth/reset-link.ts'
import { checkSlider } from '../auth/slider.ts'
import { requireCode, type Phone } from '../auth/sms.ts'
import { loadConsolidated, loadRegisterRules, unreadMessages } from './member-data.ts'

/**
 * Member area: registration (username and mobile), member info and header state, avatar, password
 * change and the two forgotten-password flows, the affiliate-code check, the consolidated config
 * and raffle claims.
 * @module
 */

type RegisterInput = ParsedRequestOf<'register'>
type LoginValue = ResponseOf<'login'>

/** The signed-in member (the `handle` wrapper already refuses token-less calls; this narrows the type). */
function me(ctx: Ctx): Member {
  if (!ctx.member) throw new Fail('unauthorized', 'Please log in')
  return ctx.member
}

/** Real-account actions are closed to trial accounts (SPEC §5 in_need_true_account). */
function realAccount(m: Member): void {
  if (m.type === TRIAL || m.isAgent === TRIAL) throw new Fail('trial_account', 'This needs a real account')
}

const invalid = (fields: FieldErrors, message = 'Some fields need attention'): Fail => new Fail('validation_failed', message, { fields })

/** Finds the agent owning an invitation (affiliate) code: the account's own, or one it created and has not disabled. */
async function agentByCode(q: Queryable, code: string): Promise<{ id: string; username: string } | null> {
  const rows = await q.query<{ id: string; username: string; is_agent: number }>(
    `SELECT id, username, is_agent FROM members WHERE upper(profile->>'invitationCode') = upper($1)
     UNION ALL
     SELECT m.id, m.username, m.is_agent FROM agent_invitations i JOIN members m ON m.id = i.agent_id
     WHERE i.code = upper($1) AND i.disabled_at IS NULL`,
    [code.trim()],
  )
  const a = rows[0]
  return a && AGENT_VALUES.has(Number(a.is_agent)) ? { id: a.id, username: a.username } : null
}

/** A generated password that satisfies the password format: letters and digits, 10 characters. */
function generatedPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ'
  const nums = '23456789'
  const all = letters + nums
  const chars = [letters[randomInt(0, letters.length)], nums[randomInt(0, nums.length)]]
  while (chars.length < 10) chars.push(all[randomInt(0, all.length)])
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1)
    ;[chars[i], chars[j]] = [chars[j], chars[i]]
  }
  return chars.join('')
}

/** Fields kept in the profile rather than in their own column. */
const PROFILE_FIELDS = [
  'qqNum',
  'recommenderId',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'referralCode',
  'telegram',
  'zalo',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
  'domain',
  'registerUrl',
] as const

async function register(input: RegisterInput, ctx: Ctx, kind: 'register' | 'registerMobile'): Promise<LoginValue> {
  const flags = await ctx.flags()
  if (kind === 'register' && !flags.USERNAMEREG3) throw new Fail('not_enabled', 'Registration by username is not enabled')
  if (kind === 'registerMobile' && !flags.MOBILENUMREG3) throw new Fail('not_enabled', 'Registration by mobile number is not enabled')
  const now = ctx.now()
  const wait = await retryAfter(ctx.db, limits.registerIp, ctx.ip, now)
  if (wait > 0) throw new Fail('rate_limited', `Too many registrations from this address: try again in ${seconds(wait)} s`, { value: { retryAfter: seconds(wait) } })

  const ruleList = await loadRegisterRules(ctx)
  const rules = Object.fromEntries(ruleList.map((r) => [r.field, r])) as Partial<Record<RegisterField, RegisterRule>>
  const phoneToken = flags.THIRDPARTYSMS3 && !!input.firebaseIdToken
  const mobilePassword = kind === 'register' || flags.MOBILENUMPASSREG3
  const errors = validateRegistration(input, { rules, kind, mobilePassword: flags.MOBILENUMPASSREG3, smsCode: flags.REGSMS3, phoneToken })
  if (Object.keys(errors).length) throw invalid(errors)

  const mobileNum = input.mobileNum?.trim() ?? ''
  const dial = input.countryDialingCode?.trim() ?? ''
  const username = kind === 'registerMobile' ? digits(mobileNum) : input.username!.trim()

  let upline: { id: string; username: string } | null = null
  const affiliate = rules.affiliateCode?.enabled === false ? '' : (input.affiliateCode?.trim() ?? '')
  if (affiliate) {
    upline = await agentByCode(ctx.db, affiliate)
    if (!upline) throw new Fail('invitation_code_error', 'The invitation code is not valid', { fields: { affiliateCode: 'err_invitation_code_error' } })
  }

  if (!(await checkSlider(ctx.db, input.slider, now))) throw new Fail('slider_invalid', 'Complete the slider check again')
  if (rules.captcha?.enabled) {
    if (!input.captcha?.trim() || !input.captchaId)
      throw new Fail('captcha_required', 'Enter the characters in the picture', { value: { captcha: true }, fields: { captcha: 'err_field_required' } })
    if (!(await checkCaptcha(ctx.db, input.captchaId, input.captcha, ctx.ip, now))) {
      throw new Fail('captcha_invalid', 'The characters did not match the picture', { value: { captcha: true }, fields: { captcha: 'err_captcha_invalid' } })
    }
  }

  if (await findByUsername(ctx.db, username)) {
    const field = kind === 'registerMobile' ? 'mobileNum' : 'username'
    throw kind === 'registerMobile'
      ? new Fail('mobile_taken', 'This mobile number is already registered', { fields: { [field]: 'err_mobile_taken' } })
      : new Fail('username_taken', 'This username is taken', { fields: { [field]: 'err_username_taken' } })
  }
  if (mobileNum && (await findByMobile(ctx.db, dial, mobileNum))) {
    throw new Fail('mobile_taken', 'This mobile number is already registered', { fields: { mobileNum: 'err_mobile_taken' } })
  }

  const phone: Phone = { dial, mobile: mobileNum }
  if (flags.REGSMS3) {
    if (phoneToken) {
      const id = verifyIdToken(input.firebaseIdToken!, now)
      if (!id || id.provider !== 'phone' || digits(id.phone ?? '') !== digits(dial) + digits(mobileNum)) {
        throw new Fail('sms_code_invalid', 'The phone verification did not match this number', { fields: { mobileNum: 'err_sms_code_invalid' } })
      }
    } else {
      await requireCode(ctx.db, phone, ['register'], input.verificationCode ?? '', now)
    }
  }

  const password = mobilePassword ? input.password! : generatedPassword()
  const profile: Record<string, unknown> = { registerMethod: input.registerMethod }
  for (const f of PROFILE_FIELDS) {
    const value = input[f]?.trim()
    if (value) profile[f] = value
  }
  // The agent centre counts the accounts each invitation code brought.
  if (upline) profile.affiliateCode = affiliate.toUpperCase()
  // Counted before the account is made, atomically: parallel registrations from one address cannot
  // all read "under the limit". A registration that fails after this takes its count back.
  const charges: Charge[] = [{ limit: limits.registerIp, key: ctx.ip }]
  await consume(ctx.db, charges, now, 'registrations from this address')
  let row: MemberRow
  try {
    if (input.paymentPassword) profile.paymentPasswordHash = await ctx.hasher.hash(input.paymentPassword)
    const passwordHash = await ctx.hasher.hash(password)
    row = await ctx.db.tx((q) =>
      createMember(
        q,
        {
          username,
          passwordHash,
          uplineId: upline?.id ?? null,
          nickname: input.nickname?.trim() || username,
          mobileNum,
          countryDialingCode: mobileNum ? dial : '',
          email: input.email?.trim() ?? '',
          payeeName: input.payeeName?.trim() ?? '',
          profile,
        },
        now,
      ),
    )
  } catch (e) {
    await release(ctx.db, charges, now)
    // Two registrations racing for one name: the unique index decides.
    if (isUniqueViolation(e)) throw new Fail('username_taken', 'This username is taken', { fields: { username: 'err_username_taken' } })
    throw e
  }
  if (!mobilePassword) {
    ctx.inbox.push('sms', { mobileNum, countryDialingCode: dial, purpose: 'register_password', password, text: `Your password is ${password}`, at: new Date(now).toISOString() })
  }
  return completeLogin(ctx, row, password)
}

/** A stable pastel colour and initials: a small SVG avatar that needs no storage. */
export function avatarSvg(name: string): string {
  const h = createHash('sha256').update(name).digest()
  const hue = ((h[0] << 8) | h[1]) % 360
  const initials = (name.match(/[A-Za-z0-9]/g) ?? ['?']).slice(0, 2).join('').toUpperCase()
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="hsl(${hue} 60% 78%)"/><text x="32" y="41" font-family="sans-serif" font-size="24" font-weight="700" text-anchor="middle" fill="hsl(${hue} 45% 25%)">${initials}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

async function setPassword(q: Queryable, hasher: Hasher, memberId: string, password: string, now: number, temporary: boolean): Promise<void> {
  await q.query('UPDATE members SET password_hash = $2, password_temporary = $3, password_changed_at = to_timestamp($4::float8 / 1000) WHERE id = $1', [
    memberId,
    await hasher.hash(password),
    temporary,
    now,
  ])
}

/** Mounts the member routes. */
export function registerMemberRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'memberInfo', async (_input, ctx) => {
    const m = me(ctx)
    const row = await findById(ctx.db, m.id)
    if (!row) throw new Fail('session_expired', 'Please log in again')
    const profile = profileOf(row)
    const labels = Array.isArray(profile.memberLabel) ? profile.memberLabel.filter((x): x is string => typeof x === 'string') : []
    return {
      id: m.id,
      account: m.username,
      nickname: m.nickname.slice(0, 64),
      type: m.type,
      isAgent: m.isAgent,
      customerId: m.id,
      toUpline: m.uplineId !== null,
      clubLabel: { labelName: m.rankLevel > 0 ? `VIP ${m.rankLevel}` : 'Member', rankLevel: m.rankLevel },
      memberLabel: labels,
      mobileNum: m.mobileNum,
      email: m.email,
      hasPassword: row.password_hash !== null,
    }
  })

  handle(app, deps, 'infoIcon', async (_input, ctx) => {
    const m = me(ctx)
    const promos = await ctx.db.query<{ n: number | string }>(
      `SELECT count(*)::int AS n FROM notices n
        WHERE n.type = 'PR' AND n.start_time <= $2
          AND NOT EXISTS (SELECT 1 FROM raffle_claims c WHERE c.member_id = $1 AND c.promotion_id = n.id)`,
      [m.id, ctx.now()],
    )
    return {
      unreadMessage: await unreadMessages(ctx, m.id),
      availablePromoCount: Number(promos[0]?.n ?? 0),
      hasVip: m.rankLevel >= 1,
      vipRankLevel: m.rankLevel,
      availablePromo: { REFERRAL: { enabled: m.type !== TRIAL } },
    }
  })

  handle(app, deps, 'unreadCount', async (_input, ctx) => unreadMessages(ctx, me(ctx).id))

  handle(app, deps, 'avatar', async (_input, ctx) => ({ url: avatarSvg(me(ctx).username) }))

  handle(app, deps, 'register', (input, ctx) => register(input, ctx, 'register'))
  handle(app, deps, 'registerMobile', (input, ctx) => register(input, ctx, 'registerMobile'))

  handle(app, deps, 'changePassword', async (input, ctx) => {
    const m = me(ctx)
    realAccount(m)
    const row = await findById(ctx.db, m.id)
    if (!row) throw new Fail('session_expired', 'Please log in again')
    const now = ctx.now()
    const key = m.username.toLowerCase()
    const rules = Object.fromEntries((await loadRegisterRules(ctx)).map((r) => [r.field, r])) as Partial<Record<RegisterField, RegisterRule>>
    const errors = checkNewPassword(input.newPassword, input.confirmNewPassword, rules.password, { password: 'newPassword', confirm: 'confirmNewPassword' })
    // The old password is not asked for when there is none, or when it was an emailed temporary one.
    const needOld = row.password_hash !== null && !row.password_temporary
    if (needOld && !input.oldPassword) errors.oldPassword = 'err_field_required'
    if (Object.keys(errors).length) throw invalid(errors)
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
      if (input.oldPassword === input.newPassword) throw invalid({ newPassword: 'err_field_same' }, 'The new password must differ from the current one')
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
    await consume(
      ctx.db,
      [
        { limit: limits.resetIp, key: ctx.ip },
        { limit: limits.resetAccount, key },
      ],
      now,
      'reset requests',
    )
    const row = await findByUsername(ctx.db, input.username.trim())
    const email = input.email.trim().toLowerCase()
    // The same answer whether or not the pair matches (no account or email enumeration), and the
    // password stays as it is: only whoever reads the mailbox can replace it, through the link.
    if (!row || !row.email || row.email.trim().toLowerCase() !== email || Number(row.type) === TRIAL) return {}
    const token = await issueResetLink(ctx.db, row.id, now)
    const link = resetLinkPath(token)
    ctx.inbox.push('email', {
      to: row.email,
      username: row.username,
      subject: 'Reset your password',
      text: `Open this link within ${RESET_LINK_TTL_MS / 60_000} minutes to choose a new password: ${link}. It works once. If you did not ask for it, ignore this email: your password has not changed.`,
      link,
      purpose: 'reset',
      at: new Date(now).toISOString(),
    })
    return {}
  })

  handle(app, deps, 'resetByLink', async (input, ctx) => {
    const rules = Object.fromEntries((await loadRegisterRules(ctx)).map((r) => [r.field, r])) as Partial<Record<RegisterField, RegisterRule>>
    // The policy is checked before the link is used up: a refused password leaves the link working.
    const errors = checkNewPassword(input.newPassword, input.confirmNewPassword, rules.password, { password: 'newPassword', confirm: 'confirmNewPassword' })
    if (Object.keys(errors).length) throw invalid(errors)
    const now = ctx.now()
    const memberId = await useResetLink(ctx.db, input.token, now)
    await setPassword(ctx.db, ctx.hasher, memberId, input.newPassword, now, false)
    // Whoever was signed in with the old password is signed out, and their game launches end.
    await endMemberSessions(ctx.db, memberId, now)
    return {}
  })

  handle(app, deps, 'resetByPhone', async (input, ctx) => {
    if (!(await ctx.flags()).PHONEVERIFY3) throw new Fail('not_enabled', 'Password reset by phone is not enabled')
    const rules = Object.fromEntries((await loadRegisterRules(ctx)).map((r) => [r.field, r])) as Partial<Record<RegisterField, RegisterRule>>
    const errors = checkNewPassword(input.newPassword, input.newPassword, rules.password, { password: 'newPassword', confirm: 'newPassword' })
    if (Object.keys(errors).length) throw invalid(errors)
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

  handle(app, deps, 'affiliate', async (input, ctx) => {
    const now = ctx.now()
    // Codes are guessable secrets: each check is counted before it is made, atomically.
    await consume(ctx.db, [{ limit: limits.affiliateIp, key: ctx.ip }], now, 'code checks')
    // Valid or not only: naming the agent would hand out usernames to anyone guessing codes.
    return { valid: (await agentByCode(ctx.db, input.code)) !== null, agent: '' }
  })

  handle(app, deps, 'consolidated', async (_input, ctx) => {
    me(ctx)
    return loadConsolidated(ctx)
  })

  handle(app, deps, 'raffleClaim', async (input, ctx) => {
    const m = me(ctx)
    realAccount(m)
    const promo = await ctx.db.query<{ id: string }>(`SELECT id FROM notices WHERE id = $1 AND type = 'PR' AND start_time <= $2`, [input.promotionId, ctx.now()])
    if (!promo[0]) throw new Fail('not_found', 'There is no such promotion')
    const claimed = await ctx.db.query('INSERT INTO raffle_claims (member_id, promotion_id, claimed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING promotion_id', [
      m.id,
      promo[0].id,
      ctx.now(),
    ])
    if (!claimed.length) throw new Fail('conflict', 'This promotion was already claimed')
    return {}
  })
}
