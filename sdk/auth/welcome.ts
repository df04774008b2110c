import type { MoneyProfile } from '../contract/index.ts'
import { outcome } from '../client/outcome.ts'
import { openCentre } from '../centre/index.ts'
import { moneyApi } from '../money/api.ts'
import { quietNow } from '../protect/quiet.ts'
import { showUnseenNotices } from '../shell/notices.ts'
import { showDialog } from '../ui/index.ts'
import { consumeAfterLogin, readAfterLogin } from './after.ts'
import { pageIsLeaving } from './navigate.ts'

/**
 * What follows a login (SPEC §4): the after-login popup (the notice popup with the popup notices this
 * browser has not seen, remembered as seen once closed), then on the account's first login the welcome
 * that points the new player to the next step the account is missing, with a skip. The auth host loads
 * this on demand on the page a login flagged it for (widgets/auth/AuthHost.tsx).
 * @module
 */

/** The next step a new account needs: a real name (withdrawals need it), a payment password, a first deposit. */
export type WelcomeStep = 'realName' | 'paymentPassword' | 'deposit'

/** The member-centre page each step is done on. */
export const welcomePages: Record<WelcomeStep, string> = { realName: 'securityCenter', paymentPassword: 'securityCenter', deposit: 'depositv2' }

/**
 * The first thing a new account is missing, in the order a withdrawal will need them (the deposit when
 * the profile is unknown).
 * @example welcomeStepOf({ realName: '', hasPaymentPassword: false }) // 'realName'
 */
export function welcomeStepOf(profile: Pick<MoneyProfile, 'realName' | 'hasPaymentPassword'> | undefined): WelcomeStep {
  if (!profile) return 'deposit'
  if (!profile.realName.trim()) return 'realName'
  return profile.hasPaymentPassword ? 'deposit' : 'paymentPassword'
}

/**
 * The first-login welcome: the account's next step, with a button to it (the member centre's page)
 * and a skip. Resolves with the step once the player chose.
 */
export async function showWelcome(): Promise<{ step: WelcomeStep; went: boolean }> {
  const step = welcomeStepOf((await outcome(() => moneyApi('moneyProfile'))).data)
  const choice = await showDialog({
    icon: 'success',
    titleKey: 'auth_welcome_title',
    messageKey: `auth_welcome_step_${step}`,
    buttons: [
      { labelKey: 'auth_welcome_skip', value: 'skip' },
      { labelKey: `auth_welcome_go_${step}`, value: 'go', primary: true },
    ],
  })
  if (choice === 'go') openCentre('member', welcomePages[step])
  return { step, went: choice === 'go' }
}

/**
 * Runs the after-login work a login flagged, once: the flag is consumed first, so a reload or another
 * tab does not show it again. Nothing during a time-out or self-exclusion.
 */
export async function runAfterLogin(): Promise<void> {
  // A login or a forced change flags the work and then changes the page: started on the page being
  // left, it used the flag up and unloaded before the welcome showed (phone-login:67 under load).
  if (pageIsLeaving()) return
  const flagged = readAfterLogin()
  if (!flagged?.popup) return
  consumeAfterLogin()
  if (quietNow()) return
  await showUnseenNotices()
  if (flagged.firstLogin && !quietNow()) await showWelcome()
}
