/**
 * The back office's members area: search by a username's start or mobile digits, one member's page
 * (standing, balance, latest moves, the limits and break the player set, operators' notes), locking
 * and unlocking with a reason, and notes. Changes are audited in their own transaction
 * ({@link audited}); limits and breaks stay the player's own to change.
 * @module
 */
import type { MemberDetail, MemberListItem, MemberLock, MemberNote, MemberSearchPage } from '../../sdk/contract/all.ts'
import { endMemberSessions } from '../auth/sessions.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { memberAccount } from '../ledger.ts'
import { readState } from '../protect/state.ts'
import { type Actor, audited } from './actions.ts'

/** Moves and notes a member's page shows. */
const LEDGER_SHOWN = 20
const NOTES_SHOWN = 50

const iso = (ms: string | number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString())
const mobileOf = (code: string, num: string): string => (num ? `${code ? `+${code.replace(/\D/g, '')} ` : ''}${num}` : '')

interface ListRow {
  id: string
  username: string
  country_dialing_code: string
  mobile_num: string
  locked_at: string | number | null
  created_ms: string | number
}

/** A search's pattern of the username's start, `%` and `_` taken literally. */
const startOf = (q: string): string => `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
/** The digits a search names when it looks like a phone number (3 digits or more), else ''. */
const digitsOf = (q: string): string => (/^\+?[\d\s().-]+$/.test(q) && q.replace(/\D/g, '').length >= 3 ? q.replace(/\D/g, '') : '')

/** Members whose username starts with `q`, or whose mobile number holds its digits; by username, a page at a time. */
export async function searchMembers(q: Queryable, text: string, page: number, pageSize: number): Promise<MemberSearchPage> {
  const where = `($1 = '' OR lower(username) LIKE $2 ESCAPE '\\' OR ($3 <> '' AND regexp_replace(country_dialing_code || mobile_num, '\\D', '', 'g') LIKE '%' || $3 || '%'))`
  const args = [text, startOf(text), digitsOf(text)]
  const [{ total }] = await q.query<{ total: string | number }>(`SELECT count(*) AS total FROM members WHERE ${where}`, args)
  const rows = await q.query<ListRow>(
    `SELECT id, username, country_dialing_code, mobile_num, locked_at, (extract(epoch FROM created_at) * 1000)::bigint AS created_ms
     FROM members WHERE ${where} ORDER BY lower(username), id LIMIT $4 OFFSET $5`,
    [...args, pageSize, (page - 1) * pageSize],
  )
  const list: MemberListItem[] = rows.map((r) => ({
    id: r.id,
    username: r.username,
    mobile: mobileOf(r.country_dialing_code, r.mobile_num),
    status: r.locked_at === null ? 'active' : 'locked',
    createdAt: iso(r.created_ms) as string,
  }))
  return { list, page, pageSize, total: Number(total), totalPages: Math.ceil(Number(total) / pageSize) }
}

interface NoteRow {
  id: string | number
  at: string | number
  operator: string
  text: string
}
const noteOf = (r: NoteRow): MemberNote => ({ id: String(r.id), at: iso(r.at) as string, operator: r.operator, text: r.text })

interface LockRow {
  id: string
  username: string
  locked_at: string | number | null
  lock_reason: string | null
}
const lockOf = (r: LockRow): MemberLock => ({ id: r.id, username: r.username, status: r.locked_at === null ? 'active' : 'locked', reason: r.lock_reason })

async function lockRow(q: Queryable, id: string, forUpdate = false): Promise<LockRow> {
  const [row] = await q.query<LockRow>(`SELECT id, username, locked_at, lock_reason FROM members WHERE id = $1${forUpdate ? ' FOR NO KEY UPDATE' : ''}`, [id])
  if (!row) throw new Fail('not_found', 'No such member.')
  return row
}

/**
 * One member's page.
 * @throws Fail('not_found')
 */
export async function memberDetail(q: Queryable, id: string, now: number): Promise<MemberDetail> {
  const [m] = await q.query<
    LockRow & { nickname: string; email: string; country_dialing_code: string; mobile_num: string; created_ms: string | number; last_login_ms: string | number | null }
  >(
    `SELECT id, username, nickname, email, country_dialing_code, mobile_num, locked_at, lock_reason,
            (extract(epoch FROM created_at) * 1000)::bigint AS created_ms, (extract(epoch FROM last_login_at) * 1000)::bigint AS last_login_ms
     FROM members WHERE id = $1`,
    [id],
  )
  if (!m) throw new Fail('not_found', 'No such member.')
  const account = memberAccount(id)
  const [wallet] = await q.query<{ balance: string | number }>('SELECT balance FROM ledger_accounts WHERE id = $1', [account])
  const moves = await q.query<{ at: string | number; kind: string; amount: string | number; balance_after: string | number }>(
    `SELECT (extract(epoch FROM e.created_at) * 1000)::bigint AS at, t.kind, e.amount, e.balance_after
     FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE e.account_id = $1 ORDER BY e.id DESC LIMIT $2`,
    [account, LEDGER_SHOWN],
  )
  const protection = await readState(q, id, now)
  const notes = await q.query<NoteRow>('SELECT id, at, operator, text FROM member_notes WHERE member_id = $1 ORDER BY id DESC LIMIT $2', [id, NOTES_SHOWN])
  const lock = lockOf(m)
  return {
    id: m.id,
    username: m.username,
    nickname: m.nickname,
    mobile: mobileOf(m.country_dialing_code, m.mobile_num),
    email: m.email,
    status: lock.status,
    lockReason: lock.status === 'locked' ? lock.reason : null,
    createdAt: iso(m.created_ms) as string,
    lastLoginAt: iso(m.last_login_ms),
    balance: Number(wallet?.balance ?? 0),
    ledger: moves.map((r) => ({ at: iso(r.at) as string, kind: r.kind, amount: Number(r.amount), balanceAfter: Number(r.balance_after) })),
    limits: protection.limits.flatMap((l) => (l.amount === null ? [] : [{ kind: l.kind, period: l.period, amount: l.amount, used: l.used }])),
    sessionMinutes: protection.session.minutes,
    exclusion: protection.exclusion,
    notes: notes.map(noteOf),
  }
}

/**
 * Locks (every session ends; sign-in is refused until unlocked) or unlocks a member, with the
 * operator's reason, audited with the standing before and after. Locking a locked member (or
 * unlocking an active one) with a new key is `conflict`.
 * @throws Fail('not_found' | 'conflict')
 */
export async function setMemberLock(db: Db, actor: Actor, id: string, locked: boolean, reason: string): Promise<MemberLock> {
  const { username } = await lockRow(db, id)
  return audited(db, actor, locked ? 'member.lock' : 'member.unlock', username, async (q) => {
    const row = await lockRow(q, id, true)
    const before = lockOf(row)
    if (locked === (before.status === 'locked')) throw new Fail('conflict', locked ? 'This member is already locked.' : 'This member is not locked.')
    // The reason stays with the standing it explains: why it was locked, or why unlocked.
    await q.query('UPDATE members SET locked_at = $2, lock_reason = $3 WHERE id = $1', [id, locked ? actor.now : null, reason])
    if (locked) await endMemberSessions(q, id, actor.now)
    return { before, after: { ...before, status: locked ? 'locked' : 'active', reason } satisfies MemberLock }
  })
}

/**
 * Adds an operators' note to a member, audited (the note is the state after).
 * @throws Fail('not_found')
 */
export async function addMemberNote(db: Db, actor: Actor, id: string, text: string): Promise<MemberNote> {
  const { username } = await lockRow(db, id)
  return audited(db, actor, 'member.note', username, async (q) => {
    const [row] = await q.query<NoteRow>('INSERT INTO member_notes (member_id, operator_id, operator, text, at) VALUES ($1, $2, $3, $4, $5) RETURNING id, at, operator, text', [
      id,
      actor.operator.id,
      actor.operator.username,
      text,
      actor.now,
    ])
    return { before: null, after: noteOf(row) }
  })
}
