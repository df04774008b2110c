import { atom, onMount } from 'nanostores'
import { authApi } from './api.ts'
import { withLoader } from '../ui/index.ts'
import { outcome } from '../client/outcome.ts'
import { LinkResetRequest } from '../contract/account-requests.ts'
import { createAuthForm } from './refusal.ts'

/**
 * The landing of an emailed reset link (`/forget#reset=<token>`): the token is read once from the
 * fragment and taken out of the address bar (history keeps no live link), then traded with a new
 * password. The token rides in the fragment, so neither servers nor Referer headers see it.
 * @module
 */

/** The reset link's token while its landing is open, else `null`. */
export const $resetToken = atom<string | null>(null)

/** The reset link's token in an address fragment such as `#reset=abc`, or `null`. */
export function resetTokenOf(hash: string): string | null {
  const m = /^#reset=([A-Za-z0-9_-]{16,128})$/.exec(hash)
  return m ? m[1] : null
}

onMount($resetToken, () => {
  if (typeof window === 'undefined') return
  const token = resetTokenOf(window.location.hash)
  if (!token) return
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`)
  $resetToken.set(token)
})

/** Leaves the link's landing for the forgot-password form (to ask for a new link). */
export const leaveResetLink = (): void => $resetToken.set(null)

/** The reset link's refusals that leave nothing to try: a new link is needed. */
export const deadLinkKeys: readonly string[] = ['err_reset_link_invalid', 'err_reset_link_expired']

/**
 * The new-password form of a reset link: the password twice, checked by the contract's
 * `LinkResetRequest` with the open link's token. The platform checks its policy before using the
 * link up, ends every session of the member, and refuses a used or expired link.
 */
export const createResetLinkForm = () =>
  createAuthForm({
    initial: { newPassword: '', confirmNewPassword: '' },
    schema: LinkResetRequest,
    input: (values) => ({ ...values, token: $resetToken.get() ?? '' }),
    submit: (input) => outcome(() => withLoader(() => authApi('resetByLink', input))),
  })
