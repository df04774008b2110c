import * as v from 'valibot'
import { Minor, int, text } from './common.ts'

/*
 * The member centre's figures and the transfers between the main wallet and a vendor's
 * (routes/core/funds.ts). A module of their own, apart from ./member.ts and ./wallet.ts: the chunk
 * every page loads first takes those (member info, balance), and only code loaded on demand reads
 * these replies.
 */

/** Member public state shown in the header (SPEC §3 "public state"). */
export const InfoIconSchema = v.object({
  unreadMessage: int(0),
  availablePromoCount: int(0),
  hasVip: v.boolean(),
  vipRankLevel: int(0, 99),
  availablePromo: v.object({ REFERRAL: v.object({ enabled: v.boolean() }) }),
})

/** Consolidated config (SPEC §3) plus the member's fund summary. */
export const ConsolidatedSchema = v.object({
  dailysalreqtype: int(0, 9),
  divtypereq: int(0, 9),
  contracthoursalreqtype: int(0, 9),
  contracthoursalreq: int(0, 9),
  realtimesalreqtype: int(0, 9),
  contractmrdailysalinfotype: int(0, 9),
  contracthoursalinfo: int(0, 9),
  dailysalinfotype: int(0, 9),
  realtimesalinfotype: int(0, 9),
  divtypeinfo: int(0, 9),
})

/** The consolidated config with every salary and dividend kind off: what a platform without the setting answers. */
export const consolidatedOff: v.InferOutput<typeof ConsolidatedSchema> = {
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreqtype: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  contractmrdailysalinfotype: 0,
  contracthoursalinfo: 0,
  dailysalinfotype: 0,
  realtimesalinfotype: 0,
  divtypeinfo: 0,
}

// The transfer's request (WalletTransferTerms, WalletTransferRequest) is in ./money.ts: only the wallet
// page and the platform check it.
/** A transfer between the main wallet and a vendor wallet: done. */
export const WalletTransferValue = v.object({ transactionId: text(64), sumBalance: Minor })
