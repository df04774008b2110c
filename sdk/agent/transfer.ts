/**
 * Transfer from the agent to a direct downline (SPEC §6: agents transfer to upline and downline),
 * keyed so that a retry after a lost reply moves nothing twice.
 * @module
 */
import type { RequestOf, ResponseOf } from '../contract/index.ts'
import { memberTransferLimits } from '../contract/money.ts'
import { agentApi } from './api.ts'
import { refreshBalance } from '../stores/index.ts'
import { keyed } from '../money/keyed.ts'
import { createPaymentForm } from '../money/payment-form.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { loadDownlines } from './team.ts'

/** Smallest and largest transfer, minor units: the contract's, which the platform checks too. */
export const downlineTransferLimits = memberTransferLimits

type TransferInput = Omit<RequestOf<'agentTransfer'>, 'idempotencyKey'>
const send = keyed((input: TransferInput, idempotencyKey: string) => agentApi('agentTransfer', { ...input, idempotencyKey }), ['paymentPassword'])

/** Transfers to a direct downline; the header balance and the downlines' balances follow. */
export async function transferToDownline(input: TransferInput): Promise<Outcome<ResponseOf<'agentTransfer'>>> {
  const result = await outcome(() => send(input))
  if (result.data) await Promise.all([refreshBalance(), loadDownlines()])
  return result
}

/** The transfer-to-downline form (amount, payment password, then a review). */
export const createDownlineTransferForm = (downlineId: string) =>
  createPaymentForm({
    limits: () => downlineTransferLimits,
    send: ({ amount, paymentPassword, forfeitBonus }) => transferToDownline({ downlineId, amount, paymentPassword, forfeitBonus }),
  })
