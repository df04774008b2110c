import * as v from 'valibot'
import { text, int } from '../common.ts'
import * as ses from '../session.ts'
import * as mem from '../member.ts'
import * as wal from '../wallet.ts'
import * as gm from '../games.ts'
import * as ntc from '../notices.ts'
import { e } from '../route.ts'

/*
 * The core routes only code that loads on demand calls: the notices and banners (idle islands), sign-in
 * (the login form), the member centre's figures, wallet transfers, the launch rules and the embed handoff. In a module of their own, they
 * and their reply schemas stay out of the chunk every page loads.
 */
/** Notices and banners: read by the islands that start when the page is idle (sdk/shell/notices.ts), so not in the first load. */
export const announcements = e({ method: 'GET', path: '/wps/relay/MCSFE_getListAnnouncements', token: 'optional', cache: 'notice', response: ntc.AnnouncementsSchema })
export const login = e({ method: 'POST', path: '/wps/session/login', token: false, encrypt: true, response: ses.LoginValue })
export const infoIcon = e({ method: 'GET', path: '/wps/member/info/icon', token: true, response: mem.InfoIconSchema })
export const consolidated = e({ method: 'GET', path: '/wps/member/info/funds/consolidated', token: true, cache: 'consolidated', response: mem.ConsolidatedSchema })
export const walletTransfer = e({ method: 'POST', path: '/wps/relay/GCS_walletTransfer', token: true, money: true, response: wal.WalletTransferValue })
/** One game by its id (a GAME banner names only the id; the launch rules need its type and vendor). */
export const gameInfo = e({ method: 'GET', path: '/wps/relay/GCSGAME_gameInfo', token: false, response: gm.GameSchema })
export const launchGame = e({ method: 'GET', path: '/wps/game/launchGame', token: true, response: gm.LaunchValue })
export const launchFB = e({ method: 'GET', path: '/wps/relay/GCS_gameLaunchFB', token: true, response: gm.LaunchValue })
/** The raffle claim (SPEC §7), called from a promotion's activity (sdk/rewards), which loads on demand. */
export const raffleClaim = e({ method: 'POST', path: '/wps/relay/MCS2_claimRafflePromotion', token: true, response: v.object({}) })
// ── embed (not in SPEC; paths in the platform's /wps style) ──────────────────
/** A single-use code (valid 60 s, bound to the member) that signs the member in on the brand site. */
export const embedHandoff = e({ method: 'POST', path: '/wps/embed/handoff', token: true, response: v.object({ code: text(64), expiresIn: int(1) }) })
/** Trades a handoff code for a new session of its member; a used or expired code fails. */
export const embedHandoffRedeem = e({ method: 'POST', path: '/wps/embed/handoff/redeem', token: false, response: ses.LoginValue })
/**
 * Counts what an embedded element showed or had picked (an impression, a game click) for its
 * affiliate code and the partner's `sub-id`, once per visitor, day and item: the agent centre's
 * funnel. A GET without custom headers (a simple request from the partner's page).
 */
export const embedFunnel = e({ method: 'GET', path: '/wps/embed/funnel', token: false, response: v.object({ counted: v.boolean() }) })
