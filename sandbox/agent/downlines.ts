/**
 * Downline management (SPEC §2 downlineManagmentView): the children of a member of the agent's
 * subtree with breadcrumbs from the agent, or a search of the whole subtree by username.
 * @module
 */
import type { Downline } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { assertInSubtree, subtreeSql, MAX_DEPTH } from './tree.ts'
import { pageFrom } from '../db/page.ts'

interface Row {
  id: string
  username: string
  nickname: string
  is_agent: number
  level: number
  team_size: number
  balance: string | number
  last_login_at: Date | string | null
  created_at: Date | string
  n: number
}

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString())

/** One page of downlines, with the breadcrumbs from the agent to the parent listed. */
export async function downlines(q: Queryable, agentId: string, input: { parentId?: string; search?: string; page: number; pageSize: number }) {
  const parentId = input.parentId && input.parentId !== agentId ? input.parentId : agentId
  if (parentId !== agentId) await assertInSubtree(q, agentId, parentId)
  const search = input.search?.trim().toLowerCase() ?? ''
  const rows = await q.query<Row>(
    `WITH RECURSIVE ${subtreeSql('$1')},
     shown AS (
       SELECT team.id, team.level FROM team JOIN members m ON m.id = team.id
       WHERE ${search ? 'strpos(lower(m.username), $2) > 0' : 'm.upline_id = $2'})
     SELECT m.id, m.username, m.nickname, m.is_agent, shown.level,
       (SELECT count(*) FROM members c WHERE c.upline_id = m.id)::int AS team_size,
       coalesce((SELECT sum(balance) FROM ledger_accounts a WHERE a.owner = m.id), 0)::int8 AS balance,
       m.last_login_at, m.created_at, count(*) OVER ()::int AS n
     FROM shown JOIN members m ON m.id = shown.id
     ORDER BY shown.level, lower(m.username) LIMIT $3 OFFSET $4`,
    [agentId, search || parentId, input.pageSize, (input.page - 1) * input.pageSize],
  )
  const total = Number(rows[0]?.n ?? 0)
  const list: Downline[] = rows.map((r) => ({
    id: r.id,
    username: r.username.slice(0, 64),
    nickname: r.nickname.slice(0, 64),
    isAgent: Number(r.is_agent) > 0,
    level: Number(r.level),
    teamSize: Number(r.team_size),
    balance: Number(r.balance),
    lastLoginAt: iso(r.last_login_at),
    createdAt: iso(r.created_at) ?? '',
  }))
  if (search && list.length > 0) {
    const paths = await pathsOf(
      q,
      agentId,
      list.map((d) => d.id),
    )
    for (const d of list) d.path = paths.get(d.id)
  }
  return {
    ...pageFrom(list, total, input),
    breadcrumbs: await breadcrumbs(q, agentId, search ? agentId : parentId),
  }
}

/** Where each member sits: the usernames from the agent down to it, both ends included (one walk up for the whole page). */
async function pathsOf(q: Queryable, agentId: string, memberIds: string[]): Promise<Map<string, string[]>> {
  const rows = await q.query<{ start: string; path: string[] }>(
    `WITH RECURSIVE up AS (
       SELECT id AS start, id, username, upline_id, 0 AS depth FROM members WHERE id = ANY($2::text[])
       UNION ALL
       SELECT up.start, m.id, m.username, m.upline_id, up.depth + 1 FROM members m JOIN up ON m.id = up.upline_id WHERE up.id <> $1 AND up.depth < ${MAX_DEPTH}
     )
     SELECT start, array_agg(username ORDER BY depth DESC) AS path FROM up GROUP BY start`,
    [agentId, memberIds],
  )
  return new Map(rows.map((r) => [r.start, r.path.map((u) => u.slice(0, 64))]))
}

/** The path from the agent down to `memberId`, both ends included. */
export async function breadcrumbs(q: Queryable, agentId: string, memberId: string): Promise<{ id: string; username: string }[]> {
  const rows = await q.query<{ id: string; username: string; depth: number }>(
    `WITH RECURSIVE up AS (
       SELECT id, username, upline_id, 0 AS depth FROM members WHERE id = $2
       UNION ALL
       SELECT m.id, m.username, m.upline_id, up.depth + 1 FROM members m JOIN up ON m.id = up.upline_id WHERE up.id <> $1 AND up.depth < ${MAX_DEPTH}
     )
     SELECT id, username, depth FROM up ORDER BY depth DESC`,
    [agentId, memberId],
  )
  return rows.map((r) => ({ id: r.id, username: r.username.slice(0, 64) }))
}
