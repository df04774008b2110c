import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { moneyApi } from './api.ts'
import { $depositOrder, $paymentWindow, clearDepositOrder, createDepositForm, gatewayUrl, openPaymentWindow, startDeposit, type OpenWindow } from './index.ts'

// The payment page opens by itself: a blank window taken in the player's press, pointed at the
// gateway when the platform has made the order, closed when it refuses one.

/** A window as a browser gives it: where it was pointed, whether it was closed. */
function fakeWindow() {
  const win = { opener: {} as unknown, closed: false, location: { href: 'about:blank' }, close: () => void (win.closed = true) }
  const opened: string[] = []
  const open: OpenWindow = (url) => {
    opened.push(url)
    return win as unknown as Window
  }
  return { win, opened, open }
}

const { sb } = sandboxForFile()
let channel = ''
beforeAll(async () => {
  await signInCounting(sb, 'demo01', 'demo1234')
  channel = (await moneyApi('depositChannels')).channels[0].code
})

describe('the payment window', () => {
  it('opens blank at once, cut off from this page, and goes to the gateway page of the order made', async () => {
    const { win, opened, open } = fakeWindow()
    const payment = openPaymentWindow(open)
    expect(opened).toEqual([''])
    expect(win.opener).toBeNull()
    const result = await startDeposit({ channel, amount: 100_00 }, payment)
    expect(result.error).toBeUndefined()
    expect(win.location.href).toBe(gatewayUrl(result.data!))
    expect(win.location.href).toContain(`/sandbox/gateway/${result.data!.orderId}`)
    expect($paymentWindow.get()).toBe('opened')
    expect($depositOrder.get()?.orderId).toBe(result.data!.orderId)
    clearDepositOrder()
    expect($paymentWindow.get()).toBeNull()
  })

  it('is closed when the platform refuses the order, and no order is shown', async () => {
    const { win, open } = fakeWindow()
    const result = await startDeposit({ channel, amount: 1 }, openPaymentWindow(open))
    expect(result.error).toBeDefined()
    expect(win.closed).toBe(true)
    expect(win.location.href).toBe('about:blank')
    expect($depositOrder.get()).toBeNull()
    expect($paymentWindow.get()).toBeNull()
  })

  it('records a blocked window, so the order view offers its button', async () => {
    const result = await startDeposit(
      { channel, amount: 100_00 },
      openPaymentWindow(() => null),
    )
    expect(result.data?.status).toBe('pending')
    expect($paymentWindow.get()).toBe('blocked')
    clearDepositOrder()
  })

  it('records a window the player closed before the order came as blocked', async () => {
    const { win, open } = fakeWindow()
    const payment = openPaymentWindow(open)
    win.close()
    await startDeposit({ channel, amount: 100_00 }, payment)
    expect($paymentWindow.get()).toBe('blocked')
    clearDepositOrder()
  })
})

describe('the deposit form', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    clearDepositOrder()
  })

  it('opens the window within the press, before it waits for anything, and points it at the order', async () => {
    const { win, opened, open } = fakeWindow()
    vi.stubGlobal('window', { open, addEventListener() {}, removeEventListener() {} })
    const form = createDepositForm(channel)
    form.set('amount', '100')
    const pending = form.submit()
    // Still inside the press: a window opened after an await would be blocked as a popup.
    expect(opened).toEqual([''])
    const result = await pending
    expect(win.location.href).toBe(gatewayUrl(result!.data!))
  })

  it('opens no window when the form refuses its values', async () => {
    const { opened, open } = fakeWindow()
    vi.stubGlobal('window', { open, addEventListener() {}, removeEventListener() {} })
    const form = createDepositForm(channel)
    form.set('amount', '12.345')
    expect(await form.submit()).toBeNull()
    expect(opened).toEqual([])
    expect($paymentWindow.get()).toBeNull()
  })
})
