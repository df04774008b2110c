import { breakOfPerson, personOnBreak } from '../../protect/person.ts'
import { randomInt } from 'node:crypto'
import type { Hono } from 'hono'
import type { ParsedRequestOf, ResponseOf } from '../../../sdk/contract/all.ts'
import { Fail } from '../../http/fail.ts'
import type { Ctx, Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { createMember } from '../../auth/accounts.ts'
import { getRegisterPolicy } from '../../settings.ts'
import { checkCaptcha } from '../../auth/captcha.ts'
import { verifyIdToken, type IdTokenPayload } from '../../auth/idp.ts'
import { attemptRefusal, completeLogin, rememberIp, reserveAttempt } from '../../auth/login.ts'
import { AGENT_VALUES, LOGIN_TYPES, digits, findById, findByMobile, findByUsername, knownIpsOf, type MemberRow } from '../../auth/members.ts'
import { count, limits, release, retryAfter } from '../../auth/ratelimit.ts'
import { endSession } from '../../auth/sessions.ts'
import { checkSlider } from '../../auth/slider.ts'
import { SMS_TTL_MINUTES, createAndSend, reopenCode, requireCode, throttleSend, type Phone } from '../../auth/sms.ts'
import { sendEmail, sendSms } from '../../delivery/index.ts'

/**
 * A session: signing in (username or mobile number and password, SMS code, third-party ID token), with the attempt limits,
 * captcha and second-step checks, and signing out.
 * @module
 */

/** Failures after which the next login attempt must carry a captcha. */
export const CAPTCHA_AFTER = 3

type LoginInput = ParsedRequestOf<'login'>
type LoginValue = ResponseOf<'login'>

const accountKey = (username: string): string => username.trim().toLowerCase()

/** Whether the next attempt from this account name or address must carry a captcha. */
async function captchaNeeded(ctx: Ctx, key: string): Promise<boolean> {
  const now = ctx.now()
  return (await count(ctx.db, limits.loginAccount, key, now)) >= CAPTCHA_AFTER || (await count(ctx.db, limits.loginIp, ctx.ip, now)) >= CAPTCHA_AFTER
}

/**
 * Throws the answer to a failed attempt, identical whether or not the account exists. The attempt
 * was already counted by `reserveAttempt`.
 */
async function failLogin(ctx: Ctx, key: string, code: 'invalid_credentials' | 'sms_code_invalid' | 'sms_code_expired', message: string): Promise<never> {
  throw new Fail(code, message, { value: { captcha: await captchaNeeded(ctx, key) } })
}

/** Refuses the attempt when the address or the account name is over its failure limit. */
async function guardAttempts(ctx: Ctx, key: string): Promise<void> {
  const now = ctx.now()
  const ipWait = await retryAfter(ctx.db, limits.loginIp, ctx.ip, now)
  if (ipWait > 0) throw attemptRefusal(true, ipWait)
  const accWait = await retryAfter(ctx.db, limits.loginAccount, key, now)
  if (accWait > 0) throw attemptRefusal(false, accWait)
}

/** Checks what may log in at all, after the credentials proved right. */
function checkAccount(row: MemberRow, agentOnly: boolean | undefined): void {
  if (!LOGIN_TYPES.has(Number(row.type))) throw new Fail('not_member', 'Non-member accounts cannot log in')
  if (agentOnly && !AGENT_VALUES.has(Number(row.is_agent))) throw new Fail('not_agent', 'Only agents can log in')
}

const mask = (mobile: string): string => (mobile.length > 4 ? `${'*'.repeat(mobile.length - 4)}${mobile.slice(-4)}` : '****')

/**
 * Second-step verification (SECONDSTEP3): a login from an address the member never used needs a code
 * sent to the registered phone (or email when there is no phone).
 */
async function secondStep(ctx: Ctx, row: MemberRow, code: string | undefined): Promise<void> {
  if (!(await ctx.flags()).SECONDSTEP3 || knownIpsOf(row).includes(ctx.ip)) return
  const phone: Phone = { dial: row.country_dialing_code ?? '', mobile: row.mobile_num ?? '' }
  const now = ctx.now()
  if (!digits(phone.mobile)) {
    if (!row.email) return // nothing to verify with: the password alone has to do
    phone.dial = 'email'
    phone.mobile = row.id
  }
  if (code) {
    await requireCode(ctx.db, phone, ['second_step'], code, now, 'secondStepCode')
    await rememberIp(ctx.db, row, ctx.ip)
    return
  }
  const charges = await throttleSend(ctx.db, phone, ctx.ip, now, 'second_step')
  await createAndSend(ctx.db, phone, 'second_step', now, charges, (code) => {
    const notice = { kind: 'code', purpose: 'second_step', code, minutes: SMS_TTL_MINUTES } as const
    return phone.dial === 'email' ? sendEmail(ctx, row.email!, notice) : sendSms(ctx, phone, notice)
  })
  const destination = phone.dial === 'email' ? row.email!.replace(/^(.).*(@.*)$/, '$1***$2') : mask(digits(phone.mobile))
  throw new Fail('second_step_required', 'This address is new: enter the code we sent to confirm it is you', {
    value: { channel: phone.dial === 'email' ? 'email' : 'sms', destination },
  })
}

/** A password login's credentials: whom they name (the account name, or a mobile number), the password and the checks it carries. */
type PasswordInput = Extract<LoginInput, { type: 'username' | 'phone' }>

/**
 * A login by password, whoever `find` names: the slider, the captcha once due, one attempt counted per
 * account (`keyOf` the member found, or of nobody) and address, the hash checked (a dummy one for nobody,
 * so an unknown name or number takes the same path and answers the same), then the account checks and
 * the second step. An account's failures count alike by whichever name or number they came: alternating
 * the username and the mobile number gives no more guesses.
 */
async function passwordLogin(ctx: Ctx, input: PasswordInput, keyOf: (row: MemberRow | null) => string, find: () => Promise<MemberRow | null>, wrong: string): Promise<LoginValue> {
  const row = await find()
  const key = keyOf(row)
  await guardAttempts(ctx, key)
  const now = ctx.now()
  if (!(await checkSlider(ctx.db, input.slider, now, ctx.inbox))) throw new Fail('slider_invalid', 'Complete the slider check again')
  // A guess that brings a captcha has it checked, due or not: it is then never refused for lacking one
  // when parallel failures make one due meanwhile.
  const withCaptcha = Boolean(input.captcha && input.captchaId)
  const captchaDue = withCaptcha || (await captchaNeeded(ctx, key))
  if (captchaDue) {
    if (!input.captcha || !input.captchaId) throw new Fail('captcha_required', 'Enter the characters in the picture', { value: { captcha: true } })
    if (!(await checkCaptcha(ctx.db, input.captchaId, input.captcha, ctx.ip, now))) {
      throw new Fail('captcha_invalid', 'The characters did not match the picture', { value: { captcha: true }, fields: { captcha: 'err_captcha_invalid' } })
    }
  }
  // Counted before the hash is checked, so parallel guesses cannot all read "0 failures so far"; one
  // without a captcha is refused there too once the failures counted meanwhile make it due.
  const charges = await reserveAttempt(ctx, key, now, captchaDue ? undefined : CAPTCHA_AFTER)
  let ok: boolean
  try {
    ok = row?.password_hash ? await ctx.hasher.verify(input.password, row.password_hash, ctx.ip) : await ctx.hasher.dummy(input.password, ctx.ip)
  } catch (e) {
    await release(ctx.db, charges, now) // busy or too many at once from this address: nothing was checked
    throw e
  }
  if (!row || !ok) return failLogin(ctx, key, 'invalid_credentials', wrong)
  await release(ctx.db, charges, now)
  checkAccount(row, input.agentOnly)
  await secondStep(ctx, row, input.secondStepCode)
  // The failures counted so far stay until they age out: a right guess landing in the middle of a
  // burst of parallel guesses must not reset the counter for the rest of the burst.
  return completeLogin(ctx, row, input.password, { withdrawOnly: input.withdrawOnly })
}

function loginWithPassword(ctx: Ctx, input: Extract<LoginInput, { type: 'username' }>): Promise<LoginValue> {
  const username = input.username.trim()
  return passwordLogin(
    ctx,
    input,
    () => accountKey(username),
    () => findByUsername(ctx.db, username),
    'Wrong username or password',
  )
}

/**
 * Mobile number and password (PHONELOGIN3, refused with `not_enabled` while off): the member whose
 * registered (or since verified) number it is, with the username login's limits counted per number.
 */
async function loginWithPhone(ctx: Ctx, input: Extract<LoginInput, { type: 'phone' }>): Promise<LoginValue> {
  if (!(await ctx.flags()).PHONELOGIN3) throw new Fail('not_enabled', 'Login by mobile number and password is not enabled')
  // A number that names nobody is counted by itself, as an unknown username is: the answers never tell.
  const nobody = `phone:${digits(input.countryDialingCode)}:${digits(input.mobileNum)}`
  return passwordLogin(
    ctx,
    input,
    (row) => (row ? accountKey(row.username) : nobody),
    () => findByMobile(ctx.db, input.countryDialingCode, input.mobileNum),
    'Wrong mobile number or password',
  )
}

async function loginWithSms(ctx: Ctx, input: Extract<LoginInput, { type: 'sms' }>): Promise<LoginValue> {
  if (!(await ctx.flags()).MOBILEVERCODELOGIN3) throw new Fail('not_enabled', 'Login by SMS code is not enabled')
  const phone: Phone = { dial: input.countryDialingCode, mobile: input.mobileNum }
  const key = `sms:${digits(phone.dial)}:${digits(phone.mobile)}`
  await guardAttempts(ctx, key)
  const now = ctx.now()
  const charges = await reserveAttempt(ctx, key, now)
  try {
    await requireCode(ctx.db, phone, ['login'], input.verificationCode, now)
    await release(ctx.db, charges, now)
  } catch (e) {
    if (e instanceof Fail) return failLogin(ctx, key, e.code === 'sms_code_expired' ? 'sms_code_expired' : 'sms_code_invalid', e.message)
    throw e
  }
  // A code is only ever sent to registered numbers, so a right code means the member exists.
  const row = await findByMobile(ctx.db, phone.dial, phone.mobile)
  if (!row) return failLogin(ctx, key, 'sms_code_invalid', 'The verification code is not valid')
  checkAccount(row, input.agentOnly)
  try {
    return await completeLogin(ctx, row, undefined, { withdrawOnly: input.withdrawOnly })
  } catch (e) {
    // Refused for a break, the code proved right: it stays good for "Withdraw my balance".
    if (e instanceof Fail && e.code === 'account_excluded') await reopenCode(ctx.db, phone, ['login'], now)
    throw e
  }
}

const PROVIDER_FLAGS = { google: 'GOOGLELOGIN3', facebook: 'FBLOGIN3', phone: 'THIRDPARTYSMS3' } as const

/**
 * Finds or creates the member behind a verified ID token. Creating one needs the player's confirmation
 * of the minimum age and the terms (`termsAccepted`), as a registration does; without it the sign-in is
 * refused (`terms_required`, `value.minimumAge`) and nothing is created, the proof left good for the retry.
 */
async function memberForIdentity(ctx: Ctx, id: IdTokenPayload, termsAccepted: boolean): Promise<MemberRow> {
  const now = ctx.now()
  return ctx.db.tx(async (q) => {
    // One proof replayed at once must find or create one member: the first holds the identity until
    // it commits its link, the others then find that link.
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`identity:${id.provider}:${id.sub}`])
    const linked = await q.query<{ member_id: string }>('SELECT member_id FROM member_identities WHERE provider = $1 AND sub = $2', [id.provider, id.sub])
    if (linked[0]) {
      const row = await findById(q, linked[0].member_id)
      if (row) return row
    }
    let row: MemberRow | null = null
    // A verified phone number proves ownership of an account registered with it.
    if (id.provider === 'phone' && id.phone) {
      const d = digits(id.phone)
      const found = await q.query<{ id: string }>(
        `SELECT id FROM members WHERE regexp_replace(country_dialing_code, '\\D', '', 'g') || regexp_replace(mobile_num, '\\D', '', 'g') = $1 LIMIT 1`,
        [d],
      )
      row = found[0] ? await findById(q, found[0].id) : null
    }
    // A break binds the person: no account is made for an email, number or identity a running break holds.
    if (!row && (await breakOfPerson(q, { email: id.email, phone: id.phone, identity: { provider: id.provider, sub: id.sub } }, now))) throw personOnBreak()
    if (!row && !termsAccepted) {
      const { minimumAge } = await getRegisterPolicy(q)
      throw new Fail('terms_required', `Confirm that you are ${minimumAge} or older and accept the terms to create your account.`, {
        value: { minimumAge },
        fields: { terms: 'auth_terms_required' },
      })
    }
    if (!row) {
      const prefix = id.provider === 'google' ? 'gg' : id.provider === 'facebook' ? 'fb' : 'ph'
      for (let attempt = 0; !row && attempt < 5; attempt++) {
        const username = `${prefix}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
        if (await findByUsername(q, username)) continue
        row = await createMember(
          q,
          {
            username,
            passwordHash: null,
            language: ctx.language,
            nickname: id.name.slice(0, 64),
            email: id.email ?? '',
            mobileNum: id.phone ?? '',
            profile: { signUp: id.provider },
          },
          now,
        )
      }
      if (!row) throw new Fail('conflict', 'Could not pick a free username: try again')
    }
    await q.query('INSERT INTO member_identities (provider, sub, member_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [id.provider, id.sub, row.id, now])
    return row
  })
}

async function loginWithIdToken(ctx: Ctx, input: Extract<LoginInput, { type: 'thirdparty' }>): Promise<LoginValue> {
  if (!(await ctx.flags())[PROVIDER_FLAGS[input.provider]]) throw new Fail('not_enabled', 'This sign-in method is not enabled')
  const id = verifyIdToken(input.idToken, ctx.now(), ctx.identity)
  if (!id || id.provider !== input.provider) throw new Fail('invalid_credentials', 'The sign-in could not be verified: try again')
  const row = await memberForIdentity(ctx, id, input.termsAccepted === true)
  checkAccount(row, false)
  // During a break the same verified sign-in may open a withdrawal-only session.
  return completeLogin(ctx, row, undefined, { withdrawOnly: input.withdrawOnly })
}

/**
 * Mounts the login and logout endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerLoginRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'login', async (input, ctx) => {
    if (input.type === 'username') return loginWithPassword(ctx, input)
    if (input.type === 'phone') return loginWithPhone(ctx, input)
    if (input.type === 'sms') return loginWithSms(ctx, input)
    return loginWithIdToken(ctx, input)
  })

  handle(app, deps, 'logout', async (_input, ctx) => {
    if (ctx.token) await endSession(ctx.db, ctx.token, ctx.now())
    return {}
  })
}
