/**
 * The security centre's contact binding requests, one object per channel: a form knows its channel,
 * so it checks without `variant` (the platform's variants are in ./requests.ts).
 * @module
 */
import * as v from 'valibot'
import { OneTimeCode } from './money.ts'
import { mobilePattern } from './rules.ts'

/** An email address as the platform takes it (which compares and stores it in lower case). */
export const EmailAddress = v.pipe(v.string(), v.trim(), v.maxLength(120, 'money_err_email_format'), v.email('money_err_email_format'))
const MobileTarget = {
  channel: v.literal('mobile'),
  countryDialingCode: v.pipe(v.string(), v.trim(), v.regex(/^\+?\d{1,4}$/, 'money_err_dial_format')),
  mobileNum: v.pipe(v.string(), v.trim(), v.regex(mobilePattern, 'money_err_mobile_format')),
}
const EmailTarget = { channel: v.literal('email'), email: EmailAddress }

/** Where a binding code goes, by channel: a mobile number or an email address. */
export const contactCodeRequests = { mobile: v.object(MobileTarget), email: v.object(EmailTarget) }
/** Binding the mobile number or email a code was sent to, by channel. */
export const bindContactRequests = { mobile: v.object({ ...MobileTarget, code: OneTimeCode }), email: v.object({ ...EmailTarget, code: OneTimeCode }) }
