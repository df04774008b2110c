/**
 * The agent tree (SPEC §6): members linked to their upline by `members.upline_id`. Every agent route
 * asks {@link agentOf} who is calling and {@link assertInSubtree} whether a member it names is below
 * the caller, so an agent sees and acts on its own subtree only, a member calls no agent endpoint,
 * and a downline cannot read its upline.
 * @module
 */
import type { Queryable } from '../db/index.ts'
import { AGENT_VALUES } from '../auth/members.ts'
import { Fail } from '../http/fail.ts'
import type { Member } from '../auth/members.ts'

/** Deepest tree walked: a cycle or a runaway tree stops here instead of looping. */
export const MAX_DEPTH = 32

/**
 * The calling agent, or a refusal: `unauthorized` without a session, `not_agent` for a member or a
 * trial account (SPEC §6: isAgent 1, 2, 41, 42 make the agent centre visible).
 */
export function agentOf(member: Member | null): Member {
  if (!member) throw new Fail('unauthorized')
  if (!AGENT_VALUES.has(member.isAgent) || member.type === 4) throw new Fail('not_agent', 'Only agents can use the agent centre.')
  return member
}

/**
 * Whether `memberId` is strictly below `agentId` (walks up from the member: as deep as the tree, never as wide).
 * @returns the member's level below the agent (1 = direct downline), or 0 when it is not in the subtree
 */
export async function levelBelow(q: Queryable, agentId: string, memberId: string): Promise<number> {
  if (agentId === memberId) return 0
  const rows = await q.query<{ depth: number }>(
    `WITH RECURSIVE up AS (
       SELECT id, upline_id, 1 AS depth FROM members WHERE id = $2
       UNION ALL
       SELECT m.id, m.upline_id, up.depth + 1 FROM members m JOIN up ON m.id = up.upline_id WHERE up.depth < ${MAX_DEPTH}
     )
     SELECT depth FROM up WHERE upline_id = $1 LIMIT 1`,
    [agentId, memberId],
  )
  return rows[0] ? Number(rows[0].depth) : 0
}

/**
 * Throws `not_found` unless `memberId` is in the agent's subtree: the same answer as for a member that
 * does not exist, so a probe learns nothing about members outside it.
 * @returns the level below the agent
 */
export async function assertInSubtree(q: Queryable, agentId: string, memberId: string): Promise<number> {
  const level = await levelBelow(q, agentId, memberId)
  if (level === 0) throw new Fail('not_found', 'No such downline.')
  return level
}

/**
 * SQL of the subtree of `$n` (the agent excluded) as rows `(id, level)`; splice it into a `WITH RECURSIVE`.
 * @param param - the placeholder holding the agent id, e.g. `$1`
 */
export const subtreeSql = (param: string) => `team AS (
    SELECT id, 1 AS level FROM members WHERE upline_id = ${param}
    UNION ALL
    SELECT m.id, team.level + 1 FROM members m JOIN team ON m.upline_id = team.id WHERE team.level < ${MAX_DEPTH}
  )`
