/**
 * Platform messages (messageV2): a member's list, read and unread, mark all read, delete, and the
 * operator's sending to one member or to every member.
 * @module
 */
import type { PlatformMessage } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'

/** The member's unread messages (the `CSP_unreadCount` badge). */
export async function unreadCount(q: Queryable, memberId: string): Promise<number> {
  const rows = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1 AND read_at IS NULL', [memberId])
  return Number(rows[0]?.n ?? 0)
}

/** One page of the member's messages, newest first. */
export async function listMessages(q: Queryable, memberId: string, page: number, pageSize: number) {
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1', [memberId])
  const rows = await q.query<{ id: number; title: string; body: string; created_at: number; read_at: number | null }>(
    'SELECT id, title, body, created_at, read_at FROM member_messages WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3',
    [memberId, pageSize, (page - 1) * pageSize],
  )
  const list: PlatformMessage[] = rows.map((r) => ({ id: Number(r.id), title: r.title, body: r.body, createdAt: Number(r.created_at), read: r.read_at !== null }))
  const total = Number(n)
  return { list, page, pageSize, total, totalPages: Math.ceil(total / pageSize) }
}

/** Marks the named messages (only the member's own) or all of them read; answers the unread count after. */
export async function readMessages(q: Queryable, memberId: string, ids: number[], all: boolean, now: number): Promise<{ unread: number }> {
  if (all) await q.query('UPDATE member_messages SET read_at = $2 WHERE member_id = $1 AND read_at IS NULL', [memberId, now])
  else if (ids.length > 0) await q.query('UPDATE member_messages SET read_at = $2 WHERE member_id = $1 AND read_at IS NULL AND id = ANY($3::bigint[])', [memberId, now, ids])
  return { unread: await unreadCount(q, memberId) }
}

/** Deletes one of the member's messages (another member's is `not_found`); answers the unread count after. */
export async function deleteMessage(q: Queryable, memberId: string, id: number): Promise<{ unread: number }> {
  const gone = await q.query('DELETE FROM member_messages WHERE member_id = $1 AND id = $2 RETURNING id', [memberId, id])
  if (gone.length === 0) throw new Fail('not_found', 'No such message.')
  return { unread: await unreadCount(q, memberId) }
}

/**
 * Sends a platform message to one member (by username) or to every member; answers how many got it.
 * The body is HTML kept as written: the client sanitises it before showing it.
 */
export async function sendPlatformMessage(q: Queryable, to: { username: string } | { all: true }, title: string, body: string, now: number): Promise<number> {
  if ('username' in to) {
    const rows = await q.query(
      'INSERT INTO member_messages (member_id, title, body, created_at) SELECT id, $2, $3, $4 FROM members WHERE lower(username) = lower($1) RETURNING id',
      [to.username, title, body, now],
    )
    if (rows.length === 0) throw new Fail('not_found', `No member ${to.username}.`)
    return 1
  }
  const rows = await q.query<{ n: number }>(
    'WITH sent AS (INSERT INTO member_messages (member_id, title, body, created_at) SELECT id, $1, $2, $3 FROM members RETURNING 1) SELECT count(*)::int AS n FROM sent',
    [title, body, now],
  )
  return Number(rows[0].n)
}
