import * as v from 'valibot'
import { e } from '../../route.ts'

/** The raffle claim (SPEC §7), called from a promotion's activity (sdk/rewards). */
export const raffleClaim = e({ method: 'POST', path: '/wps/relay/MCS2_claimRafflePromotion', token: true, response: v.object({}) })
