/**
 * Type tests: `tsc` (npm run typecheck) fails if any `@ts-expect-error` below stops being an error,
 * i.e. if an unknown endpoint key or a wrong payload would compile.
 */
import { describe, expectTypeOf, it } from 'vitest'
import type { Balance, EndpointKey, LoginValue, MemberInfo, ResponseOf } from '../../sdk/contract/all.ts'
import type { Client } from '../../sdk/client/index.ts'
import { api } from '../../sdk/runtime/core-api.ts'

// Never called: only the compiler looks at these calls.
function misuse(client: Client) {
  // @ts-expect-error unknown endpoint key
  void client.api('balanse')
  // @ts-expect-error unknown endpoint key through the runtime shorthand
  void api('memberInfos')
  // @ts-expect-error login needs its payload
  void client.api('login')
  // @ts-expect-error wrong payload: password must be a string
  void client.api('login', { type: 'username', username: 'demo01', password: 1234, slider: { challengeId: 'c', position: 0.5, durationMs: 900, path: [] } })
  // @ts-expect-error wrong variant field: an sms login has no password
  void client.api('login', { type: 'sms', mobileNum: '0917', countryDialingCode: '63', password: 'x' })
  // @ts-expect-error money calls carry an idempotency key
  void client.api('walletTransfer', { from: 'MAIN', to: 'PG', amount: 100 })
  // @ts-expect-error amounts are numbers (minor units), not strings
  void client.api('walletTransfer', { from: 'MAIN', to: 'PG', amount: '1.00', idempotencyKey: 'k'.repeat(16) })
  // @ts-expect-error gameType is a closed list
  void client.api('gameList', { gameType: 'CARDS' })
  // @ts-expect-error call options are not an input
  void client.api('balance', {}, { retry: 3 })
}

describe('endpoint types', () => {
  it('types replies from the endpoint table', () => {
    expectTypeOf<ResponseOf<'balance'>>().toEqualTypeOf<Balance>()
    expectTypeOf<ResponseOf<'login'>>().toEqualTypeOf<LoginValue>()
    expectTypeOf<Client['api']>().toBeFunction()
    expectTypeOf(api<'memberInfo'>).returns.resolves.toEqualTypeOf<MemberInfo>()
    expectTypeOf<'balance'>().toExtend<EndpointKey>()
    expectTypeOf(misuse).toBeFunction()
  })
})
