/**
 * Deposits: the channels, and the order being paid, followed live while the page shows it.
 * @module
 */
import { atom, onMount } from 'nanostores'
import type { DepositOrder, ResponseOf } from '../contract/index.ts'
import { getBaseURL } from '../runtime/index.ts'
import { $token, refreshBalance } from '../stores/index.ts'
import { createFetcherStore } from '../stores/query.ts'
import { $accountKey } from '../stores/centre-lists.ts'
import { DepositTerms } from '../contract/money.ts'
import { createForm } from '../form/index.ts'
import { parseAmount } from './amount.ts'
import { keyed } from './keyed.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { moneyApi } from './api.ts'
import { $paymentWindow, openPaymentWindow, type PaymentWindow } from './payment-window.ts'

/** How often a pending order's state is asked while the deposit page shows it. */
export const depositPollMs = 2_000

/** Deposit channels with limits and presets, loaded when first watched. */
export const $depositChannels = createFetcherStore<ResponseOf<'depositChannels'>>(['depositChannels', '|', $accountKey], () => moneyApi('depositChannels'))

/** Asks for the channels again (a retry, or after a promotion was used up). */
export const loadDepositChannels = (): void => $depositChannels.revalidate()

/** The order being paid (null before one is created). */
export const $depositOrder = atom<DepositOrder | null>(null)

type DepositInput = { channel: string; amount: number; promotion?: string }
const create = keyed((input: DepositInput, idempotencyKey: string) => moneyApi('createDeposit', { ...input, idempotencyKey }))

/**
 * Creates a deposit order (its key is kept for a retry of the same channel, amount and promotion) and
 * shows it. `promotion` claims the deposit promotion the channels offer.
 * @param payment - a window opened in the player's press: pointed at the order's gateway page, or
 *   closed when the order is refused
 * @returns the order, or the error with its field messages
 */
export async function startDeposit(input: DepositInput, payment?: PaymentWindow): Promise<Outcome<DepositOrder>> {
  const result = await outcome(() => create(input))
  if (result.data) {
    if (payment) payment.go(gatewayUrl(result.data))
    else $paymentWindow.set(null)
    $depositOrder.set(result.data)
  } else payment?.close()
  return result
}

/** Forgets the order shown (a new deposit). */
export const clearDepositOrder = (): void => {
  $depositOrder.set(null)
  $paymentWindow.set(null)
}

// Another session (sign-out, another member) never sees this one's order.
$token.listen(clearDepositOrder)

/** Asks the order's state once; a paid order refreshes the header balance. */
export async function checkDepositOrder(): Promise<void> {
  const order = $depositOrder.get()
  if (!order || order.status !== 'pending') return
  try {
    const next = await moneyApi('depositOrder', { orderId: order.orderId })
    if ($depositOrder.get()?.orderId !== next.orderId) return
    $depositOrder.set(next)
    if (next.status === 'paid') {
      void refreshBalance()
      // A claimed promotion is used up: the next deposit must not offer it again.
      if (next.promotion) void loadDepositChannels()
    }
  } catch {
    // The next poll asks again; the page keeps showing the last known state.
  }
}

/** The crypto order's QR code as an image address (a data URL of its SVG), or undefined. */
export const qrImageUrl = (order: DepositOrder): string | undefined => (order.qrSvg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(order.qrSvg)}` : undefined)

/** Address of the order's gateway page on the platform origin (opened in a new window). */
export const gatewayUrl = (order: DepositOrder): string => `${getBaseURL()}${order.gatewayPath}`

// While the order is watched and pending, its state is polled, and asked again when the window regains focus.
onMount($depositOrder, () => {
  const timer = setInterval(() => void checkDepositOrder(), depositPollMs)
  const win = typeof window === 'undefined' ? undefined : window
  const onFocus = () => void checkDepositOrder()
  win?.addEventListener('focus', onFocus)
  return () => {
    clearInterval(timer)
    win?.removeEventListener('focus', onFocus)
  }
})

/**
 * The deposit form: a channel, an amount within its limits, and whether to claim the promotion the
 * channels offer (read from `$depositChannels` at each check).
 */
export const createDepositForm = (channel: string) =>
  createForm({
    initial: { channel, amount: '', claim: false },
    schema: DepositTerms,
    input: (values) => ({ channel: values.channel, amount: minorOf(values), ...(values.claim && promotion() ? { promotion: promotion()?.code } : {}) }),
    check: (values) => {
      const parsed = parseAmount(values.amount, limitsOf(values.channel))
      return 'errorKey' in parsed ? { amount: { key: parsed.errorKey } } : {}
    },
    // Called inside the press (the form checks synchronously), so the payment page's window may open.
    submit: (input) => startDeposit(input, openPaymentWindow()),
    keep: ['channel', 'amount', 'claim'],
    names: { promotion: 'claim' },
  })

const promotion = () => $depositChannels.get().data?.promotion
const limitsOf = (code: string) => {
  const found = $depositChannels.get().data?.channels.find((c) => c.code === code)
  return found ? { min: found.min, max: found.max } : {}
}
const minorOf = (values: { channel: string; amount: string }) => {
  const parsed = parseAmount(values.amount, limitsOf(values.channel))
  return 'minor' in parsed ? parsed.minor : 0
}
