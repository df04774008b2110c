import { createHash } from 'node:crypto'
import type { Hono } from 'hono'
import { Fail } from '../../http/fail.ts'
import { memberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { findById, profileOf } from '../../auth/members.ts'

/**
 * Who the signed-in member is: the member info of the header and member centre, and the avatar.
 * @module
 */

/** A stable pastel colour and initials: a small SVG avatar that needs no storage. */
export function avatarSvg(name: string): string {
  const h = createHash('sha256').update(name).digest()
  const hue = ((h[0] << 8) | h[1]) % 360
  const initials = (name.match(/[A-Za-z0-9]/g) ?? ['?']).slice(0, 2).join('').toUpperCase()
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="hsl(${hue} 60% 78%)"/><text x="32" y="41" font-family="sans-serif" font-size="24" font-weight="700" text-anchor="middle" fill="hsl(${hue} 45% 25%)">${initials}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/**
 * Mounts the member info and avatar endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerMemberInfoRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'memberInfo', async (_input, ctx) => {
    const m = memberOf(ctx)
    const row = await findById(ctx.db, m.id)
    if (!row) throw new Fail('session_expired', 'Please log in again')
    const profile = profileOf(row)
    const labels = Array.isArray(profile.memberLabel) ? profile.memberLabel.filter((x): x is string => typeof x === 'string') : []
    return {
      id: m.id,
      account: m.username,
      nickname: m.nickname.slice(0, 64),
      type: m.type,
      isAgent: m.isAgent,
      customerId: m.id,
      toUpline: m.uplineId !== null,
      clubLabel: { labelName: m.rankLevel > 0 ? `VIP ${m.rankLevel}` : '', rankLevel: m.rankLevel },
      memberLabel: labels,
      mobileNum: m.mobileNum,
      email: m.email,
      hasPassword: row.password_hash !== null,
    }
  })

  handle(app, deps, 'avatar', async (_input, ctx) => ({ url: avatarSvg(memberOf(ctx).username) }))
}
