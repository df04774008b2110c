/**
 * Transfer to the upline agent (SPEC §2 transferUpline): whether it is allowed and to whom, and the
 * transfer itself, keyed so that a retry after a lost reply moves nothing twice.
 * @module
 */
import type { RequestOf, ResponseOf, UplineTransferInfo } from '../contract/index.ts'
import { moneyApi } from './api.ts'
import { refreshBalance } from '../stores/index.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { $accountKey } from '../stores/centre-lists.ts'
import { keyed } from './keyed.ts'
import { createPaymentForm } from './payment-form.ts'
import { outcome, type Outcome } from '../client/outcome.ts'

/** Whether the member may transfer to the upline, to whom, limits and balance; loaded when first watched. */
export const $uplineTransfer = createFetcherStore<UplineTransferInfo>(['uplineTransferInfo', '|', $accountKey], () => moneyApi('uplineTransferInfo'), everyView)

/** Asks for the transfer info again (a retry, or after a transfer). */
export const loadUplineTransfer = (): void => $uplineTransfer.revalidate()

type TransferInput = Omit<RequestOf<'transferUpline'>, 'idempotencyKey'>
const send = keyed((input: TransferInput, idempotencyKey: string) => moneyApi('transferUpline', { ...input, idempotencyKey }), ['paymentPassword'])

/** Transfers to the upline; the header balance and the page's balance follow. */
export async function transferToUpline(input: TransferInput): Promise<Outcome<ResponseOf<'transferUpline'>>> {
  const result = await outcome(() => send(input))
  if (result.data) await Promise.all([refreshBalance(), loadUplineTransfer()])
  return result
}

/** The transfer-to-upline form (amount, payment password, then a review), checked against the page's limits and balance. */
export const createUplineForm = () =>
  createPaymentForm({
    limits: () => {
      const info = $uplineTransfer.get().data
      return info ? { min: info.min, max: info.max, balance: info.balance } : {}
    },
    send: ({ amount, paymentPassword, forfeitBonus }) => transferToUpline({ amount, paymentPassword, forfeitBonus }),
  })
