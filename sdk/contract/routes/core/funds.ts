import * as fun from '../../funds.ts'
import { e } from '../../route.ts'

/** The member centre's figures and the transfers between the main wallet and a vendor's. */
export const infoIcon = e({ method: 'GET', path: '/wps/member/info/icon', token: true, response: fun.InfoIconSchema })
export const consolidated = e({ method: 'GET', path: '/wps/member/info/funds/consolidated', token: true, cache: 'consolidated', response: fun.ConsolidatedSchema })
export const walletTransfer = e({ method: 'POST', path: '/wps/relay/GCS_walletTransfer', token: true, money: true, response: fun.WalletTransferValue })
