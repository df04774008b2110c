import { atom, computed, onMount } from 'nanostores'
import type { Balance } from '../contract/index.ts'
import { formatMoney } from '../format/index.ts'
import { $locale, htmlLang } from '../i18n/index.ts'
import { $storage, roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core.ts'
import { loadInto, resetLoadable, type Loadable } from './loadable.ts'
import { $token } from './session.ts'
import { brandWire } from '../brand/index.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core.ts).
const api = roomApi({ balance: core.balance })

/** How often the balance refreshes while someone shows it. */
export const balanceRefreshMs = 30_000
/** Locale key `$balanceText` holds while the first balance is loading (SPEC §8 "placeholder while updating"). */
export const balancePlaceholderKey = 'updating'
/** What `$balanceText` shows when the balance is hidden. */
export const hiddenBalanceText = '***'

/** The wallet balance (`sumBalance` in minor units). Refresh with {@link refreshBalance}. */
export const $balance = atom<Loadable<Balance>>({ loading: false })

/** A balance younger than this is not fetched again when a new viewer mounts. */
const freshMs = 5_000
let loadedAt = 0

/** Fetches the balance; never rejects (the error lands in `$balance`). Skipped when logged out. */
export async function refreshBalance(): Promise<Loadable<Balance>> {
  if (!$token.get()) return $balance.value ?? { loading: false }
  const state = await loadInto($balance, () => api('balance', {}, { noCache: true }))
  if (state.data && !state.error) loadedAt = Date.now()
  return state
}

/** Forgets the balance (sign-out, expiry). */
export function resetBalance(): void {
  loadedAt = 0
  resetLoadable($balance)
}

const readHidden = () => $storage.get().local.get('balanceHidden') === true

/** Whether the header hides the balance, persisted in local storage (`balanceHidden`). */
export const $balanceHidden = atom<boolean>(readHidden())
$storage.listen(() => $balanceHidden.set(readHidden()))

/** Shows or hides the balance. */
export function toggleBalanceHidden(): void {
  const hidden = !$balanceHidden.get()
  $storage.get().local.set('balanceHidden', hidden)
  $balanceHidden.set(hidden)
}

/**
 * The balance as the header shows it: `***` when hidden, {@link balancePlaceholderKey} (a locale key)
 * while the first value loads, else formatted like `P 5,000.00`. Empty when there is nothing to show.
 */
export const $balanceText = computed([$balance, $balanceHidden, $locale], (balance, hidden, lang) => {
  if (hidden) return hiddenBalanceText
  if (balance.data) return formatMoney(balance.data.sumBalance, balance.data.currencySymbol || brandWire.currencySymbol, htmlLang(lang))
  return balance.loading ? balancePlaceholderKey : ''
})

// Polling and focus refresh run only while something shows the balance (STYLE: effects in onMount).
onMount($balance, () => {
  const tick = () => void refreshBalance()
  const stopToken = $token.subscribe((token) => {
    if (!token) resetBalance()
    // A viewer appearing right after a refresh (sign-in, another island) reuses that value.
    else if (!$balance.value?.data || Date.now() - loadedAt > freshMs) tick()
  })
  const timer = setInterval(tick, balanceRefreshMs)
  const win = typeof window === 'undefined' ? undefined : window
  win?.addEventListener('focus', tick)
  return () => {
    stopToken()
    clearInterval(timer)
    win?.removeEventListener('focus', tick)
  }
})
