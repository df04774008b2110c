import * as v from 'valibot'
import { required } from './common.ts'
import { payoutAccountRequests } from './money.ts'
import { bindContactRequests, contactCodeRequests } from './contact.ts'

import { PasswordLoginRequest, PhoneLoginRequest, SmsLoginRequest, ThirdPartyLoginRequest } from './account-requests.ts'

// The account forms' requests (login by method, registration, passwords, SMS sends) are in ./account-requests.ts.
export { RegisterRequest, registrationSchema, type RegistrationRules } from './account-requests.ts'

/** Login request (SPEC §3): `type` picks username+password, mobile+password, mobile+SMS code or a third-party token. */
export const LoginRequest = v.variant('type', [PasswordLoginRequest, PhoneLoginRequest, SmsLoginRequest, ThirdPartyLoginRequest])
export type LoginRequest = v.InferInput<typeof LoginRequest>

/*
 * Request bodies that only the platform checks (the sandbox, through ./endpoints.ts) and that need
 * valibot functions no reply schema uses (`variant`, `email`, `toLowerCase`). valibot is one module in
 * the chunk every page loads, so a call to one of these in a module the pages load (./session.ts,
 * ./money.ts) brought the function into every first load even though no page runs it.
 */

// ── security centre: contacts bound by code (the per-channel objects are in ./contact.ts) ──

/** Where a binding code goes: a mobile number or an email address. */
export const ContactCodeRequest = v.variant('channel', [contactCodeRequests.mobile, contactCodeRequests.email])
/** Binds the mobile number or email the code was sent to. */
export const BindContactRequest = v.variant('channel', [bindContactRequests.mobile, bindContactRequests.email])

/** Adds a payout account (./money.ts `payoutAccountRequests`, one rule per kind). */
export const AddPayoutAccountRequest = v.variant('kind', [payoutAccountRequests.bank, payoutAccountRequests.ewallet])

/** The proof image of a withdrawal not received: its id (query) and the image's bytes (the binary body). */
export const WithdrawalProofRequest = v.object({
  id: required(64),
  proof: v.custom<Blob | Uint8Array>((x) => x instanceof Uint8Array || (typeof Blob !== 'undefined' && x instanceof Blob)),
})
