import * as v from 'valibot'

/**
 * Machine codes carried by every reply envelope (`code`) and by {@link ApiError}.
 * `ok` is the only success code; every other code is an error a client can branch on.
 */
export const apiCodes = [
  'ok',
  // transport and client-side
  'network_error',
  'timeout',
  'bad_reply',
  // generic server answers
  'validation_failed',
  'not_found',
  'server_error',
  'rate_limited',
  'maintenance',
  'region_blocked',
  'not_enabled',
  'conflict',
  'busy',
  // a caller holds as many live streams (chat updates) as it may: one must close first
  'too_many_streams',
  // session and auth
  'session_expired',
  'unauthorized',
  'forbidden',
  'invalid_credentials',
  'account_locked',
  // an operator locked the account (the back office): no sign-in until an operator unlocks it
  'account_suspended',
  // the same, for a member of an agent's line: their agent, not customer service, can help (SPEC §7)
  'contact_agent',
  'captcha_required',
  'captcha_invalid',
  'slider_invalid',
  'sms_code_invalid',
  'sms_code_expired',
  'second_step_required',
  'not_member',
  'not_agent',
  'trial_account',
  'user_not_found',
  'password_incorrect',
  'password_change_required',
  'reset_link_invalid',
  'reset_link_expired',
  // a sealed body names a platform key this server does not hold (rotated away): fetch the key and seal again
  'key_unknown',
  // a first social sign-in would create an account: the player must confirm the minimum age and the terms
  'terms_required',
  // registration
  'username_taken',
  'mobile_taken',
  'invitation_code_error',
  // money and games
  'insufficient_funds',
  // a bonus's wagering is unmet: the amount would leave with it (forfeit the bonus to continue)
  'wagering_required',
  'game_maintenance',
  // embed
  'handoff_invalid',
  // money pages
  'payment_password_incorrect',
  'payment_password_not_set',
  'real_name_required',
  'order_closed',
  'draw_closed',
  // player protection
  'limit_reached',
  'account_excluded',
  // a sign-up by a person whose break runs on another account (same email, mobile, sign-in or payout account)
  'person_on_break',
] as const

/** A machine code, snake_case. */
export type ApiCode = (typeof apiCodes)[number]

/** Runtime schema of {@link ApiCode}. */
export const ApiCodeSchema = v.picklist(apiCodes)

/**
 * The reply envelope every `/wps`, `/lgw` and `/lotto` endpoint answers with.
 * `fields` maps a request field name to a locale message key when `code` is `validation_failed`.
 */
export const envelope = <T extends v.GenericSchema>(value: T) =>
  v.object({
    success: v.boolean(),
    code: ApiCodeSchema,
    message: v.string(),
    value: value,
    fields: v.optional(v.record(v.string(), v.string())),
  })

/** Envelope of a failed call: `value` may carry hints (e.g. `{ captcha: true }` after a failed login). */
export const ErrorEnvelopeSchema = v.object({
  success: v.literal(false),
  code: ApiCodeSchema,
  message: v.string(),
  value: v.optional(v.unknown()),
  fields: v.optional(v.record(v.string(), v.string())),
})

/** Shape of any envelope, typed by its value. */
export interface Envelope<T> {
  success: boolean
  code: ApiCode
  message: string
  value: T
  fields?: Record<string, string>
}

/** HTTP status the platform uses for each error code (the sandbox answers with these). */
export const statusOf: Record<ApiCode, number> = {
  ok: 200,
  network_error: 0,
  timeout: 0,
  bad_reply: 502,
  validation_failed: 400,
  not_found: 404,
  server_error: 500,
  rate_limited: 429,
  maintenance: 503,
  region_blocked: 451,
  not_enabled: 403,
  conflict: 409,
  busy: 503,
  too_many_streams: 429,
  session_expired: 401,
  unauthorized: 401,
  forbidden: 403,
  invalid_credentials: 401,
  account_locked: 423,
  account_suspended: 403,
  contact_agent: 403,
  captcha_required: 400,
  captcha_invalid: 400,
  slider_invalid: 400,
  sms_code_invalid: 400,
  sms_code_expired: 400,
  second_step_required: 403,
  not_member: 403,
  not_agent: 403,
  trial_account: 403,
  user_not_found: 404,
  password_incorrect: 400,
  password_change_required: 403,
  reset_link_invalid: 410,
  reset_link_expired: 410,
  key_unknown: 400,
  terms_required: 403,
  username_taken: 409,
  mobile_taken: 409,
  invitation_code_error: 400,
  insufficient_funds: 409,
  wagering_required: 409,
  game_maintenance: 503,
  handoff_invalid: 401,
  payment_password_incorrect: 400,
  payment_password_not_set: 400,
  real_name_required: 400,
  order_closed: 409,
  draw_closed: 409,
  limit_reached: 409,
  account_excluded: 403,
  person_on_break: 403,
}

/** Locale message key for a code: `err_<code>` (present in every locale file). */
export const messageKeyOf = (code: ApiCode): string => `err_${code}`
