import * as mem from '../../member.ts'
import * as wal from '../../wallet.ts'
import { e } from '../../route.ts'

/** The member centre's figures and the transfers between the main wallet and a vendor's. */
export const infoIcon = e({ method: 'GET', path: '/wps/member/info/icon', token: true, response: mem.InfoIconSchema })
export const consolidated = e({ method: 'GET', path: '/wps/member/info/funds/consolidated', token: true, cache: 'consolidated', response: mem.ConsolidatedSchema })
export const walletTransfer = e({ method: 'POST', path: '/wps/relay/GCS_walletTransfer', token: true, money: true, response: wal.WalletTransferValue })
