/**
 * The back office's "My account" (every operator): a new password (the current one, the new one
 * twice and an authenticator code; the operator's other sessions end) and a new authenticator (the
 * current password and code; the new secret shown once, in effect only once a code from it is
 * confirmed). Each change carries an idempotency key made before its first send and kept until it
 * succeeds.
 * @module
 */
import { atom } from 'nanostores'
import * as v from 'valibot'
import { type ApiError, newIdempotencyKey, outcome } from '../client/index.ts'
import { confirming } from '../contract/account-fields.ts'
import { ConfirmAuthenticatorRequest, NewAuthenticatorRequest, type NewAuthenticator, OwnPasswordRequest } from '../contract/backoffice.ts'
import { createForm } from '../form/index.ts'
import { opsApi } from './api.ts'

const PasswordFields = confirming(
  v.object({
    currentPassword: OwnPasswordRequest.entries.currentPassword,
    newPassword: OwnPasswordRequest.entries.newPassword,
    confirmPassword: v.string(),
    code: OwnPasswordRequest.entries.code,
  }),
  'newPassword',
  'confirmPassword',
)

/** Creates the account area's stores; `onError` sees every refusal (an ended session). */
export function createAccountArea(onError: (error: ApiError) => void) {
  /** The password changed: how many other sessions were signed out (null until changed). */
  const $passwordChanged = atom<{ otherSessionsEnded: number } | null>(null)
  let passwordKey = newIdempotencyKey()
  const passwordForm = createForm({
    initial: { currentPassword: '', newPassword: '', confirmPassword: '', code: '' },
    schema: PasswordFields,
    submit: async ({ currentPassword, newPassword, code }) => {
      $passwordChanged.set(null)
      const r = await outcome(() => opsApi('opsChangePassword', { currentPassword, newPassword, code, idempotencyKey: passwordKey }))
      if (r.error) onError(r.error)
      else {
        passwordKey = newIdempotencyKey()
        $passwordChanged.set(r.data)
      }
      return r
    },
  })

  /** The new authenticator waiting for its confirming code: its secret, shown until confirmed or dropped. */
  const $pending = atom<NewAuthenticator | null>(null)
  /** The new authenticator is in effect. */
  const $replaced = atom(false)
  let startKey = newIdempotencyKey()
  const startForm = createForm({
    initial: { currentPassword: '', code: '' },
    schema: v.object({ currentPassword: NewAuthenticatorRequest.entries.currentPassword, code: NewAuthenticatorRequest.entries.code }),
    submit: async (input) => {
      $replaced.set(false)
      const r = await outcome(() => opsApi('opsNewAuthenticator', { ...input, idempotencyKey: startKey }))
      if (r.error) onError(r.error)
      // A new key either way: a secret shown once is never asked for again with the same key.
      startKey = newIdempotencyKey()
      if (r.data) $pending.set(r.data)
      return r
    },
  })
  let confirmKey = newIdempotencyKey()
  const confirmForm = createForm({
    initial: { code: '' },
    schema: v.object({ code: ConfirmAuthenticatorRequest.entries.code }),
    submit: async (input) => {
      const r = await outcome(() => opsApi('opsConfirmAuthenticator', { ...input, idempotencyKey: confirmKey }))
      if (r.error) onError(r.error)
      else {
        confirmKey = newIdempotencyKey()
        $pending.set(null)
        $replaced.set(true)
      }
      return r
    },
  })
  /** Drops the new secret shown (the current authenticator stays; the platform forgets it when it expires). */
  const cancelNew = () => {
    $pending.set(null)
    confirmForm.reset()
  }

  return { passwordForm, $passwordChanged, startForm, confirmForm, $pending, $replaced, cancelNew }
}

/** The account area's stores ({@link createAccountArea}). */
export type AccountArea = ReturnType<typeof createAccountArea>
