import type { Hono } from 'hono'
import { Fail } from '../../http/fail.ts'
import type { Ctx, Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { digits, findByMobile } from '../../auth/members.ts'
import { checkSlider } from '../../auth/slider.ts'
import { SMS_TTL_MINUTES, createAndSend, requireCountryDigits, throttleSend, type Phone } from '../../auth/sms.ts'
import type { Charge } from '../../auth/ratelimit.ts'
import { sendSms } from '../../delivery/index.ts'

/**
 * The SMS code sends of the login and registration forms, throttled per number and address, and
 * silent for numbers they do not apply to (nothing to enumerate).
 * @module
 */

/** Sends a code to a phone through the SMS provider, in the request's language; a failed send leaves no code and gives the throttle back. */
async function deliverCode(ctx: Ctx, phone: Phone, purpose: 'login' | 'register', now: number, charges: Charge[]): Promise<void> {
  await createAndSend(ctx.db, phone, purpose, now, charges, (code) => sendSms(ctx, phone, { kind: 'code', purpose, code, minutes: SMS_TTL_MINUTES }))
}

/**
 * Mounts the SMS code endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerSmsRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'smsLogin', async (input, ctx) => {
    const phone: Phone = { dial: input.countryDialingCode, mobile: input.mobileNum }
    const now = ctx.now()
    // A number of the wrong length is the form's rule, checked with the request's fields (before the slider), not an account lookup.
    await requireCountryDigits(ctx.db, phone)
    if (input.slider && !(await checkSlider(ctx.db, input.slider, now, ctx.inbox))) throw new Fail('slider_invalid', 'Complete the slider check again')
    const charges = await throttleSend(ctx.db, phone, ctx.ip, now)
    // Unknown numbers get the same answer and the same throttle, but no message: nothing to enumerate.
    if (await findByMobile(ctx.db, phone.dial, phone.mobile)) await deliverCode(ctx, phone, 'login', now, charges)
    return { expiredMinutes: SMS_TTL_MINUTES }
  })

  handle(app, deps, 'smsRegister', async (input, ctx) => {
    const phone: Phone = { dial: input.countryDialingCode, mobile: input.mobileNum }
    const now = ctx.now()
    // The number's format is the request schema's (the contract's MobileNumber); its country and the
    // country's digit count are checked here, with the fields (no lookup, nothing sent).
    if (!/^\d{1,4}$/.test(digits(phone.dial))) {
      throw new Fail('validation_failed', 'Enter a valid mobile number', { fields: { countryDialingCode: 'err_field_pattern' } })
    }
    await requireCountryDigits(ctx.db, phone)
    // The bot check comes before any lookup or send and is not optional: every send to a new number costs a real SMS.
    if (!input.slider || !(await checkSlider(ctx.db, input.slider, now, ctx.inbox))) throw new Fail('slider_invalid', 'Complete the slider check again')
    // The limits apply before anything is looked up, and a taken number (or username) gets the same
    // answer as a free one, with no message sent: nothing to enumerate. The registration says "taken".
    const charges = await throttleSend(ctx.db, phone, ctx.ip, now)
    if (!(await findByMobile(ctx.db, phone.dial, phone.mobile))) await deliverCode(ctx, phone, 'register', now, charges)
    return { expiredMinutes: SMS_TTL_MINUTES }
  })
}
