/**
 * The core routes of the signed-in member: session, member info and badges, wallet balance. Part of
 * the core table (./core.ts).
 * @module
 */
import * as v from 'valibot'
import { Empty, text, int } from '../common.ts'
import * as mem from '../member.ts'
import * as wal from '../wallet.ts'
import { e } from '../route.ts'

// ── session ─────────────────────────────────────────────────────────────────
export const logout = e({ method: 'DELETE', path: '/wps/session/logout', token: true, response: Empty })

// ── member ──────────────────────────────────────────────────────────────────
export const memberInfo = e({ method: 'GET', path: '/wps/member/info', token: true, response: mem.MemberInfoSchema })
export const avatar = e({ method: 'GET', path: '/wps/relay/MCSFE_getPlayerAvatar', token: true, response: v.object({ url: text(2000) }) })
export const unreadCount = e({ method: 'GET', path: '/wps/relay/CSP_unreadCount', token: true, response: int(0) })
export const raffleClaim = e({ method: 'POST', path: '/wps/relay/MCS2_claimRafflePromotion', token: true, response: Empty })

// ── wallet ──────────────────────────────────────────────────────────────────
export const balance = e({ method: 'GET', path: '/wps/v2/wallets/balance', token: true, response: wal.BalanceSchema })
