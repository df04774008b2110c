import { breakOfPerson, personOnBreak } from '../../protect/person.ts'
import { countInvitationVisit } from '../../agent/invitation-funnel.ts'
import { randomInt } from 'node:crypto'
import { rewardRegistration } from '../../rewards/hooks.ts'
import type { Hono } from 'hono'
import { ageRefusal, registerFields, registrationCheck, smsCodeApplies, type ParsedRequestOf, type RegisterField, type ResponseOf } from '../../../sdk/contract/all.ts'
import type { Queryable } from '../../db/index.ts'
import { Fail } from '../../http/fail.ts'
import type { Ctx, Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import type { MemberRow } from '../../auth/members.ts'
import { createMember, isUniqueViolation } from '../../auth/accounts.ts'
import { checkCaptcha } from '../../auth/captcha.ts'
import { verifyIdToken } from '../../auth/idp.ts'
import { completeLogin } from '../../auth/login.ts'
import { AGENT_VALUES, digits, findByMobile, findByUsername } from '../../auth/members.ts'
import { consume, limits, release, retryAfter, seconds, type Charge } from '../../auth/ratelimit.ts'
import { registerRulesByField, validateRegistration, invalidFields } from '../../auth/register.ts'
import { checkSlider } from '../../auth/slider.ts'
import { getRegisterPolicy } from '../../settings.ts'
import { reopenCode, requireCode, type Phone } from '../../auth/sms.ts'
import { sendSms } from '../../delivery/index.ts'

/**
 * Registration: by username and by mobile number, and the invitation (affiliate) code check of the
 * registration form.
 * @module
 */

type RegisterInput = ParsedRequestOf<'register'>
type LoginValue = ResponseOf<'login'>

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

/** Registration fields with a column of their own, or never stored as sent (secrets, one-time answers). */
const NOT_IN_PROFILE: ReadonlySet<RegisterField> = new Set([
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'mobileNum',
  'nickname',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
])
/** Fields kept in the profile rather than in their own column: the rest of the form, and where it was sent from. */
const PROFILE_FIELDS = [...registerFields.filter((f) => !NOT_IN_PROFILE.has(f)), 'domain', 'registerUrl'] as const

async function register(input: RegisterInput, ctx: Ctx, kind: 'register' | 'registerMobile'): Promise<LoginValue> {
  const flags = await ctx.flags()
  if (kind === 'register' && !flags.USERNAMEREG3) throw new Fail('not_enabled', 'Registration by username is not enabled')
  if (kind === 'registerMobile' && !flags.MOBILENUMREG3) throw new Fail('not_enabled', 'Registration by mobile number is not enabled')
  const now = ctx.now()
  const wait = await retryAfter(ctx.db, limits.registerIp, ctx.ip, now)
  if (wait > 0) throw new Fail('rate_limited', `Too many registrations from this address: try again in ${seconds(wait)} s`, { value: { retryAfter: seconds(wait) } })

  const rules = await registerRulesByField(ctx.db)
  const phoneToken = flags.THIRDPARTYSMS3 && !!input.firebaseIdToken
  const mobilePassword = kind === 'register' || flags.MOBILENUMPASSREG3
  const registration = { rules, kind, mobilePassword: flags.MOBILENUMPASSREG3, smsCode: flags.REGSMS3, phoneToken }
  const errors = validateRegistration(input, registration)
  // One human check per flow, the one the rules pick; a code sent to the number stands for it (its send passed the slider).
  const check = registrationCheck(registration)
  const smsCode = smsCodeApplies(registration)
  // The minimum age is the platform's rule, whatever the form did: a birthday given must be
  // a real date at least that many years ago.
  const { minimumAge } = await getRegisterPolicy(ctx.db)
  const birthday = input.birthday?.trim()
  const age = birthday && !errors.birthday ? ageRefusal(birthday, minimumAge, now) : null
  if (age === 'invalid') errors.birthday = 'err_birthday_invalid'
  if (age === 'under_age') {
    errors.birthday = 'err_under_age'
    throw invalidFields(errors, `You must be ${minimumAge} or older to register.`, { minimumAge })
  }
  // The birthday is optional (SPEC §3 names it only as a label), so the age the player confirms with the
  // terms box is the check left when it is blank: no registration passes without it.
  if (input.termsAccepted !== true) {
    errors.terms = 'auth_terms_required'
    throw invalidFields(errors, `Confirm that you are ${minimumAge} or older and accept the terms.`, { minimumAge })
  }
  if (Object.keys(errors).length) throw invalidFields(errors)

  const mobileNum = input.mobileNum?.trim() ?? ''
  const dial = input.countryDialingCode?.trim() ?? ''
  const username = kind === 'registerMobile' ? digits(mobileNum) : input.username!.trim()

  let upline: { id: string; username: string } | null = null
  const affiliate = rules.affiliateCode?.enabled === false ? '' : (input.affiliateCode?.trim() ?? '')
  if (affiliate) {
    upline = await agentByCode(ctx.db, affiliate)
    if (!upline) throw new Fail('invitation_code_error', 'The invitation code is not valid', { fields: { affiliateCode: 'err_invitation_code_error' } })
  }

  if (check === 'slider' && (!input.slider || !(await checkSlider(ctx.db, input.slider, now, ctx.inbox)))) throw new Fail('slider_invalid', 'Complete the slider check again')
  if (check === 'captcha') {
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
  // A number proven by its code (or the phone sign-in) at sign-up is verified, as one bound later is.
  const mobileVerified = Boolean(smsCode && mobileNum)
  if (smsCode) {
    if (phoneToken) {
      const id = verifyIdToken(input.firebaseIdToken!, now)
      if (!id || id.provider !== 'phone' || digits(id.phone ?? '') !== digits(dial) + digits(mobileNum)) {
        throw new Fail('sms_code_invalid', 'The phone verification did not match this number', { fields: { mobileNum: 'err_sms_code_invalid' } })
      }
    } else {
      await requireCode(ctx.db, phone, ['register'], input.verificationCode ?? '', now)
    }
  }

  // A break binds the person: no new account while one runs on an account with this email or number.
  if (await breakOfPerson(ctx.db, { email: input.email, phone: mobileNum ? `${dial}${mobileNum}` : '' }, now)) throw personOnBreak()

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
  if (!mobilePassword) {
    // The platform chose the password, so it goes out before the account exists: a failed send leaves
    // no account nobody can sign in to, gives the count back and reopens the number's code for a retry.
    try {
      await sendSms(ctx, phone, { kind: 'password', password })
    } catch (e) {
      await release(ctx.db, charges, now)
      if (flags.REGSMS3 && !phoneToken) await reopenCode(ctx.db, phone, ['register'], now)
      throw e
    }
  }
  let row: MemberRow
  try {
    if (input.paymentPassword) profile.paymentPasswordHash = await ctx.hasher.hash(input.paymentPassword, `ip:${ctx.ip}`)
    const passwordHash = await ctx.hasher.hash(password, `ip:${ctx.ip}`)
    row = await ctx.db.tx(async (q) => {
      const made = await createMember(
        q,
        {
          username,
          passwordHash,
          language: ctx.language,
          uplineId: upline?.id ?? null,
          nickname: input.nickname?.trim() || username,
          mobileNum,
          countryDialingCode: mobileNum ? dial : '',
          email: input.email?.trim() ?? '',
          payeeName: input.payeeName?.trim() ?? '',
          profile,
        },
        now,
      )
      await rewardRegistration(q, { memberId: made.id, referralCode: input.referralCode, at: now })
      if (mobileVerified) {
        await q.query('INSERT INTO money_profiles (member_id, mobile_verified_at) VALUES ($1, $2) ON CONFLICT (member_id) DO UPDATE SET mobile_verified_at = $2', [made.id, now])
      }
      return made
    })
  } catch (e) {
    await release(ctx.db, charges, now)
    // Two registrations racing for one name: the unique index decides.
    if (isUniqueViolation(e)) throw new Fail('username_taken', 'This username is taken', { fields: { username: 'err_username_taken' } })
    throw e
  }
  return completeLogin(ctx, row, password)
}

/**
 * Mounts the registration endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerRegistrationRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'register', (input, ctx) => register(input, ctx, 'register'))
  handle(app, deps, 'registerMobile', (input, ctx) => register(input, ctx, 'registerMobile'))

  handle(app, deps, 'affiliate', async (input, ctx) => {
    const now = ctx.now()
    // Codes are guessable secrets: each check is counted before it is made, atomically.
    await consume(ctx.db, [{ limit: limits.affiliateIp, key: ctx.ip }], now, 'code checks')
    // A visit of the agent's invitation link, counted once per visitor, code and day.
    await countInvitationVisit(ctx.db, input.code, { ip: ctx.ip, agent: (ctx.headers.get('user-agent') ?? '').slice(0, 256) }, now)
    // Valid or not only: naming the agent would hand out usernames to anyone guessing codes.
    return { valid: (await agentByCode(ctx.db, input.code)) !== null, agent: '' }
  })
}
