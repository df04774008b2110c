/**
 * My wallet: the balance of each wallet, transfers between the main wallet and a vendor wallet
 * (`GCS_walletTransfer`), and "recall all"; the header balance follows every change.
 * @module
 */
import type { ResponseOf, Wallets } from '../contract/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core-on-demand.ts'
import { refreshBalance } from '../stores/index.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { $accountKey } from '../stores/centre-lists.ts'
import { keyed } from './keyed.ts'
import { outcome, type Outcome } from './outcome.ts'
import { moneyApi } from './api.ts'

// The core routes this module calls, which only code loaded on demand calls (sdk/contract/routes/core-on-demand.ts).
const api = roomApi({ walletTransfer: core.walletTransfer })

/** Balances of the member's wallets, loaded afresh when first watched. */
export const $wallets = createFetcherStore<Wallets>(['walletBalances', '|', $accountKey], () => moneyApi('walletBalances'), everyView)

/** Asks for the wallets again (a retry, or after money moved between them). */
export const loadWallets = (): void => $wallets.revalidate()

const transfer = keyed((input: { from: string; to: string; amount: number }, idempotencyKey: string) => api('walletTransfer', { ...input, idempotencyKey }))

/** Moves `amount` between the main wallet and a vendor wallet. */
export async function transferWallet(input: { from: string; to: string; amount: number }): Promise<Outcome<ResponseOf<'walletTransfer'>>> {
  const result = await outcome(() => transfer(input))
  if (result.data) await Promise.all([loadWallets(), refreshBalance()])
  return result
}

const recall = keyed((_input: { all: true }, idempotencyKey: string) => moneyApi('walletRecallAll', { idempotencyKey }))

/** Moves every vendor wallet's balance back to the main wallet. */
export async function recallAllWallets(): Promise<Outcome<ResponseOf<'walletRecallAll'>>> {
  const result = await outcome(() => recall({ all: true }))
  if (result.data) await Promise.all([loadWallets(), refreshBalance()])
  return result
}
