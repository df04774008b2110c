/**
 * Embed area: the handoff from the embed's sign-in frame to the brand site. The frame (signed in,
 * on the brand origin inside a partner's page) asks for a code; the brand site's handoff page trades
 * it for a session of its own. Codes live 60 s, belong to one member and work once; only their
 * hash is stored, so the code never travels with a token and a kept code is worthless.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
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

/** Registers `embedHandoff` and `embedHandoffRedeem`. */
export function registerEmbedRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'embedHandoff', async (_input, ctx) => {
    if (!ctx.member) throw new Fail('session_expired')
    const code = randomBytes(24).toString('base64url')
    const now = ctx.now()
    await ctx.db.query('INSERT INTO embed_handoffs (code_hash, member_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
      hashCode(code),
      ctx.member.id,
      now,
      now + HANDOFF_TTL_MS,
    ])
    return { code, expiresIn: HANDOFF_TTL_MS / 1000 }
  })

  handle(app, deps, 'embedHandoffRedeem', async (input, ctx) => {
    const now = ctx.now()
    // One statement claims the code: of two concurrent redeems only one gets the row.
    const [claimed] = await ctx.db.query<{ member_id: string }>(
      'UPDATE embed_handoffs SET used_at = $2 WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING member_id',
      [hashCode(input.code), now],
    )
    const memberId = claimed?.member_id
    const row = memberId ? await findById(ctx.db, memberId) : null
    if (!row) throw new Fail('handoff_invalid', 'This handoff code has expired or was already used')
    return completeLogin(ctx, row)
  })
}

/**
 * Registers the embed funnel (issue 27): `embedFunnel`, the elements' beacon (public, deduplicated per
 * visitor and day), and the agent centre's `agentEmbedFunnel` and its CSV.
 */
export function registerEmbedFunnelRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'embedFunnel', async (input, ctx) => ({
    counted: await countBeacon(ctx.db, input, { ip: ctx.ip, agent: (ctx.headers.get('user-agent') ?? '').slice(0, 256) }, ctx.now()),
  }))
  handle(app, deps, 'agentEmbedFunnel', async (input, ctx) => embedFunnel(ctx.db, agentOf(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'agentEmbedFunnelCsv', async (input, ctx) => embedFunnelCsv(ctx.db, agentOf(ctx.member).id, input, ctx.now()))
}
