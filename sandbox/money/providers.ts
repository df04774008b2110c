/**
 * Payment providers: the one interface a deposit goes through (create the order at the provider,
 * verify its signed callback, query an order), with the sandbox's simulator as one implementation.
 * The simulator pays whatever its page is told to pay, so it is never live in production by accident:
 * with NODE_ENV=production the sandbox starts only when a provider is named (`PAYMENT_PROVIDER`),
 * and names the simulator's fake deposits at start and on every page's console. README documents it.
 * @module
 */
import type { PaymentProvider } from '../http/context.ts'
import { callbackSigned, findOrder, signCallback } from './deposit.ts'
import { registerGatewayRoutes } from './gateway.ts'

export type { PaymentProvider, ProviderOrder, ProviderOrderState } from '../http/context.ts'

/**
 * The sandbox's payment simulator: `/sandbox/gateway/<order>` is a page where anyone holding the
 * address pays or declines, and its HMAC-signed callback settles the order. No real money moves.
 */
export const simulator: PaymentProvider = {
  name: 'simulator',
  real: false,
  mount: (app, deps) => registerGatewayRoutes(app, deps),
  createOrder: async (order) => ({ payPath: `/sandbox/gateway/${order.orderId}` }),
  verifyCallback(body) {
    if (!body || typeof body !== 'object') return null
    const { orderId, status, signature } = body as Record<string, unknown>
    if (typeof orderId !== 'string' || (status !== 'paid' && status !== 'failed') || typeof signature !== 'string') return null
    return callbackSigned(orderId, status, signature) ? { orderId, status } : null
  },
  async queryOrder(orderId, deps) {
    const order = await findOrder(deps.db, orderId, deps.now())
    if (!order) return 'unknown'
    return order.status === 'paid' ? 'paid' : order.status === 'pending' ? 'pending' : 'failed'
  },
}

/** Providers by the name `PAYMENT_PROVIDER` takes. A real provider adds itself here. */
export const paymentProviders: Readonly<Record<string, PaymentProvider>> = { simulator }

/** The warning said at start and on every page's console while the simulator is live in production. */
export const fakeDepositsWarning =
  'PAYMENT_PROVIDER=simulator in production: deposits are FAKE. Anyone with an order address can mark it paid and credit the account; never run real members on it.'

/**
 * The provider the environment asks for: `PAYMENT_PROVIDER` by name; outside production the simulator
 * when none is named. In production an unnamed provider is an error (the simulator must be asked for).
 * @returns the provider, or `error`: why the sandbox must not start
 */
export function paymentProviderFromEnv(env: Record<string, string | undefined>, production: boolean): { provider: PaymentProvider } | { error: string } {
  const name = env.PAYMENT_PROVIDER?.trim()
  if (!name) {
    if (!production) return { provider: simulator }
    return {
      error:
        'NODE_ENV=production needs a payment provider: set PAYMENT_PROVIDER to one of ' +
        `${Object.keys(paymentProviders).join(', ')} (the simulator fakes every deposit: name it only for a demo).`,
    }
  }
  const provider = paymentProviders[name]
  if (!provider) return { error: `PAYMENT_PROVIDER=${name} is not a known payment provider (known: ${Object.keys(paymentProviders).join(', ')}).` }
  return { provider }
}

export { signCallback }
