import { computed, onMount } from 'nanostores'
import type { Balance } from '../contract/index.ts'
import { formatMoney } from '../format/index.ts'
import { $locale, htmlLang } from '../i18n/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/site.ts'
import { ask, createSessionStore, notAsked, type RemoteValue } from './query.ts'
import { $token } from './session.ts'
import { persisted } from './persisted.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/site.ts).
const api = roomApi({ balance: core.balance })

/** How often the balance refreshes while someone shows it. */
export const balanceRefreshMs = 30_000
/** Locale key `$balanceText` holds while the first balance is loading (SPEC §8 "placeholder while updating"). */
export const balancePlaceholderKey = 'updating'
/** What `$balanceText` shows when the balance is hidden. */
export const hiddenBalanceText = '***'

/** A balance younger than this is not fetched again when a new viewer mounts (sign-in, another island). */
const freshMs = 5_000

/**
 * The wallet balance (`sumBalance` in minor units) of the session: asked when something shows it,
 * every {@link balanceRefreshMs} while shown, and on {@link refreshBalance}; empty while signed out.
 */
export const $balance = createSessionStore<Balance>('balance', () => api('balance', {}, { noCache: true }), { freshMs, everyMs: balanceRefreshMs })

/** Fetches the balance now and resolves with it; never rejects (the error lands in `$balance`). Skipped when logged out. */
export async function refreshBalance(): Promise<RemoteValue<Balance>> {
  if (!$token.get()) return notAsked
  return ask($balance)
}

const hidden = persisted('balanceHidden', (raw) => raw === true)

/** Whether the header hides the balance, persisted in local storage (`balanceHidden`). */
export const $balanceHidden = hidden.$value

/** Shows or hides the balance. */
export const toggleBalanceHidden = (): void => hidden.save(!$balanceHidden.get())

/**
 * The balance as the header shows it: `***` when hidden, {@link balancePlaceholderKey} (a locale key)
 * while the first value loads, else formatted like `₱5,000.00` in the platform's currency (the status names it). Empty when there is nothing to show.
 */
export const $balanceText = computed([$balance, $balanceHidden, $locale], (balance, hidden, lang) => {
  if (hidden) return hiddenBalanceText
  if (balance.data) return formatMoney(balance.data.sumBalance, undefined, htmlLang(lang))
  return balance.loading ? balancePlaceholderKey : ''
})

// Back from a game window or another application: the balance may have moved (STYLE: effects in onMount).
onMount($balance, () => {
  if (typeof window === 'undefined') return
  const tick = () => void refreshBalance()
  window.addEventListener('focus', tick)
  return () => window.removeEventListener('focus', tick)
})
