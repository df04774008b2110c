/**
 * My wallet: the balance of each wallet, transfers between the main wallet and a vendor wallet
 * (`GCS_walletTransfer`), and "recall all"; the header balance follows every change.
 * @module
 */
import type { ResponseOf, Wallets } from '../contract/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/funds.ts'
import { refreshBalance } from '../stores/index.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { $accountKey } from '../stores/centre-lists.ts'
import { keyed } from './keyed.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { moneyApi } from './api.ts'
import { atom } from 'nanostores'
import { WalletTransferTerms } from '../contract/money.ts'
import { createForm } from '../form/index.ts'
import { parseAmount } from './amount.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/funds.ts).
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

/**
 * The vendor wallet form: `submit({ direction: 'in' })` moves the amount from the main wallet to the
 * chosen vendor wallet, `'out'` back, within the balance it leaves (read from `$wallets`);
 * `recall()` brings every vendor wallet back, its amount in `$recalled`.
 */
export function createWalletForm(vendor: string) {
  const $recalled = atom<number | null>(null)
  const balanceOf = (code: string) => $wallets.get().data?.wallets.find((w) => w.code === code)?.balance ?? 0
  const parse = (values: { vendor: string; amount: string; direction: 'in' | 'out' }) =>
    parseAmount(values.amount, { balance: balanceOf(values.direction === 'in' ? 'main' : values.vendor) })
  const form = createForm({
    initial: { vendor, amount: '', direction: 'in' as 'in' | 'out' },
    schema: WalletTransferTerms,
    input: (values) => {
      const parsed = parse(values)
      const amount = 'minor' in parsed ? parsed.minor : 0
      return values.direction === 'in' ? { from: 'main', to: values.vendor, amount } : { from: values.vendor, to: 'main', amount }
    },
    check: (values) => {
      const parsed = parse(values)
      return 'errorKey' in parsed ? { amount: { key: parsed.errorKey } } : {}
    },
    submit: (input) => {
      $recalled.set(null)
      return transferWallet(input)
    },
    keep: ['vendor'],
  })
  return Object.assign(form, {
    $recalled,
    async recall() {
      const result = await form.run({ send: () => recallAllWallets() })
      $recalled.set(result?.data ? result.data.moved : null)
      return result
    },
  })
}
