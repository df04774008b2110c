/**
 * The payment page's window. A window opened after an await is blocked as a popup, and the gateway's
 * address is known only when the platform has created the order: so the window opens blank inside
 * the player's Deposit press and is pointed at the gateway page when the order arrives (closed when
 * the platform refuses it). When the browser blocked it anyway, the order view's button opens it.
 * @module
 */
import { atom } from 'nanostores'

/**
 * Whether the payment page opened by itself for the order shown: `opened`, `blocked` (the order view
 * says so above its button), or `null` before an order.
 */
export const $paymentWindow = atom<'opened' | 'blocked' | null>(null)

/** A window reserved in the player's press, waiting for the gateway's address. */
export interface PaymentWindow {
  /** Points the window at `url`; records in {@link $paymentWindow} whether it could. */
  go(url: string): void
  /** Closes the window (the order was refused: nothing to pay). */
  close(): void
}

/** How a window is opened (the browser's `window.open`; a test passes its own). */
export type OpenWindow = (url: string, target: string) => Window | null

const browserOpen: OpenWindow = (url, target) => (typeof window === 'undefined' ? null : window.open(url, target))

/**
 * Opens a blank window now, while the press still counts as the player's.
 * @param open - the opener (default `window.open`)
 * @returns the reserved window (a blocked one records `blocked` when pointed)
 */
export function openPaymentWindow(open: OpenWindow = browserOpen): PaymentWindow {
  let win: Window | null = null
  try {
    win = open('', '_blank')
    // The gateway page must not be able to reach back into this one.
    if (win) win.opener = null
  } catch {
    win = null
  }
  return {
    go(url) {
      if (!win || win.closed) return $paymentWindow.set('blocked')
      win.location.href = url
      $paymentWindow.set('opened')
    },
    close() {
      win?.close()
    },
  }
}
