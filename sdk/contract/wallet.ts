import * as v from 'valibot'
import { Minor, text } from './common.ts'

/** Balance (SPEC §7): `sumBalance` in minor units. */
export const BalanceSchema = v.object({
  sumBalance: Minor,
  currency: text(8),
})
export type Balance = v.InferOutput<typeof BalanceSchema>

export const MerchantWalletSchema = v.object({ isSingle: v.boolean() })
