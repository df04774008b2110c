import * as v from 'valibot'
import { Minor, text } from './common.ts'

/** Balance (SPEC §7): `sumBalance` in minor units. */
export const BalanceSchema = v.object({
  sumBalance: Minor,
  currency: text(8),
  currencySymbol: text(8),
})
export type Balance = v.InferOutput<typeof BalanceSchema>

// The transfer's request (WalletTransferTerms, WalletTransferRequest) is in ./money.ts: only the wallet
// page and the platform check it.
/** A transfer between the main wallet and a vendor wallet: done. */
export const WalletTransferValue = v.object({ transactionId: text(64), sumBalance: Minor })

export const MerchantWalletSchema = v.object({ isSingle: v.boolean() })
