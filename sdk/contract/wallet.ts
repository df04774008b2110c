import * as v from 'valibot'
import { IdempotencyKey, Minor, PositiveMinor, text } from './common.ts'

/** Balance (SPEC §7): `sumBalance` in minor units. */
export const BalanceSchema = v.object({
  sumBalance: Minor,
  currency: text(8),
  currencySymbol: text(8),
})
export type Balance = v.InferOutput<typeof BalanceSchema>

/** Transfer between the main wallet and a vendor wallet. */
export const WalletTransferRequest = v.object({
  from: text(32),
  to: text(32),
  amount: PositiveMinor,
  idempotencyKey: IdempotencyKey,
})
export const WalletTransferValue = v.object({ transactionId: text(64), sumBalance: Minor })

export const MerchantWalletSchema = v.object({ isSingle: v.boolean() })
