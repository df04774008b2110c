/**
 * Embed area: the handoff from the embed's sign-in frame to the brand site. The frame (signed in,
 * on the brand origin inside a partner's page) asks for a code; the brand site's handoff page trades
 * it for a session of its own. Codes live 60 s, belong to one member and work once; only their
 * hash is stored, so the code never travels with a token and a kept code is worthless.
 *
 * A code is bound to the browser that asked for it (PKCE-like, sdk/contract/handoff.ts): the frame
 * sends the challenge of a verifier it keeps, and the code redeems only with that verifier, which the
 * frame hands to the tab it opened. A code an attacker minted for their own account and sent as a
 * link fails in the victim's browser. It is also bound to the session that asked: it dies with that
 * session (logout), and every code of a member dies on a password change or reset (sessions.ts).
 * @module
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Hono } from 'hono'
import { handoffChallenge } from '../../sdk/contract/all.ts'
import { Fail } from '../http/fail.ts'
import type { Deps } from '../http/context.ts'
import { handle } from '../http/handle.ts'
import { completeLogin } from '../auth/login.ts'
import { findById } from '../auth/members.ts'
import { agentOf } from '../agent/tree.ts'
import { countBeacon, embedFunnel, embedFunnelCsv } from '../embed/funnel.ts'

/** How long a handoff code works. */
export const HANDOFF_TTL_MS = 60_000

const hashCode = (code: string): string => createHash('sha256').update(code).digest('base64url')

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** Registers `embedHandoff` and `embedHandoffRedeem`. */
export function registerEmbedRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'embedHandoff', async (input, ctx) => {
    if (!ctx.member || !ctx.session) throw new Fail('session_expired')
    const code = randomBytes(24).toString('base64url')
    const now = ctx.now()
    await ctx.db.query('INSERT INTO embed_handoffs (code_hash, member_id, created_at, expires_at, challenge, session_hash) VALUES ($1, $2, $3, $4, $5, $6)', [
      hashCode(code),
      ctx.member.id,
      now,
      now + HANDOFF_TTL_MS,
      input.challenge,
      ctx.session.hash,
    ])
    return { code, expiresIn: HANDOFF_TTL_MS / 1000 }
  })

  handle(app, deps, 'embedHandoffRedeem', async (input, ctx) => {
    const now = ctx.now()
    const challenge = await handoffChallenge(input.verifier)
    // One statement claims the code: of two concurrent redeems only one gets the row. A wrong verifier
    // burns the code too (a guess gets one try), and a code whose asking session has ended is dead.
    const [claimed] = await ctx.db.query<{ member_id: string; challenge: string | null }>(
      `UPDATE embed_handoffs h SET used_at = $2 WHERE h.code_hash = $1 AND h.used_at IS NULL AND h.expires_at > $2
         AND EXISTS (SELECT 1 FROM sessions s WHERE s.token_hash = h.session_hash AND s.member_id = h.member_id AND s.ended_at IS NULL
                       AND s.idle_expires_at > $2 AND s.absolute_expires_at > $2)
       RETURNING h.member_id, h.challenge`,
      [hashCode(input.code), now],
    )
    const bound = claimed?.challenge ? sameText(claimed.challenge, challenge) : false
    const row = claimed && bound ? await findById(ctx.db, claimed.member_id) : null
    if (!row) throw new Fail('handoff_invalid', 'This handoff code has expired, was already used, or was asked for in another browser')
    return completeLogin(ctx, row)
  })
}

/**
 * Registers the embed funnel: `embedFunnel`, the elements' beacon (public, deduplicated per
 * visitor and day), and the agent centre's `agentEmbedFunnel` and its CSV.
 */
export function registerEmbedFunnelRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'embedFunnel', async (input, ctx) => ({
    counted: await countBeacon(ctx.db, input, { ip: ctx.ip, agent: (ctx.headers.get('user-agent') ?? '').slice(0, 256) }, ctx.now()),
  }))
  handle(app, deps, 'agentEmbedFunnel', async (input, ctx) => embedFunnel(ctx.db, agentOf(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'agentEmbedFunnelCsv', async (input, ctx) => embedFunnelCsv(ctx.db, agentOf(ctx.member).id, input, ctx.now()))
}
