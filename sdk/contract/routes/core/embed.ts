import * as v from 'valibot'
import { text, int } from '../../common.ts'
import * as ses from '../../session.ts'
import { e } from '../../route.ts'

/*
 * The embed's calls (not in SPEC; paths in the platform's /wps style): the sign-in handoff between the
 * brand site and a partner's page, and the affiliate funnel's counter.
 */
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
