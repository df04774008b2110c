/**
 * The player's own protection settings: limits (lower at once; higher or removed after 24 hours and a
 * second confirmation), the session time limit, the reality-check interval, the deposit-limit question
 * and its 6-month review, time-outs and self-exclusions. Every change is audited with time and address.
 * @module
 */
import * as v from 'valibot'
import {
  type AuditFacts,
  AuditFactsSchema,
  type BreakDuration,
  type BreakKind,
  breakEnd,
  LIMIT_COOLING_MS,
  LIMIT_REVIEW_MS,
  type LimitKind,
  type LimitPeriod,
  type ProtectState,
  type SessionClock,
  limitKinds,
  limitPeriods,
} from '../../sdk/contract/all.ts'
import { endMemberSessions } from '../auth/sessions.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { lockMember, type ProtectRow, readMember, refuseOnBreak, roomsOf, usedBy } from './limits.ts'
import { brandZone, periodWindow } from './periods.ts'
import { breakOfOtherAccounts, otherAccounts } from './person.ts'
import { usageIn } from './usage.ts'

const AUDIT_SHOWN = 50

/**
 * Records one action of the player (or of the platform on the player's account): `detail` for operators,
 * `facts` for the player's page to word in its language.
 */
export async function audit(q: Queryable, memberId: string, action: string, detail: string, ip: string, now: number, facts?: AuditFacts): Promise<void> {
  await q.query('INSERT INTO protect_audit (member_id, action, detail, ip, at, facts) VALUES ($1, $2, $3, $4, $5, $6)', [
    memberId,
    action,
    detail.slice(0, 200),
    ip.slice(0, 64),
    now,
    facts ? JSON.stringify(facts) : null,
  ])
}

/** An entry's facts as recorded, or none (older entries, or a record this version cannot read). */
function factsOf(json: string | null): AuditFacts | undefined {
  if (!json) return undefined
  try {
    const parsed = v.safeParse(AuditFactsSchema, JSON.parse(json))
    return parsed.success ? parsed.output : undefined
  } catch {
    return undefined
  }
}

interface LimitRow {
  kind: LimitKind
  period: LimitPeriod
  amount: number | null
  pending_amount: number | null
  pending_remove: boolean
  pending_at: number | null
}

const pendingOf = (amount: number | null, remove: boolean, at: number | null, now: number) =>
  at === null ? null : { amount: remove ? null : amount, effectiveAt: Number(at), confirmable: now >= Number(at) }

/** What the responsible gaming page shows. */
export async function readState(q: Queryable, memberId: string, now: number): Promise<ProtectState> {
  const me = await readMember(q, memberId)
  const rows = await q.query<LimitRow>('SELECT kind, period, amount, pending_amount, pending_remove, pending_at FROM protect_limits WHERE member_id = $1', [memberId])
  const usage = new Map<LimitPeriod, Awaited<ReturnType<typeof usageIn>>>()
  const zone = await brandZone(q)
  for (const period of limitPeriods) usage.set(period, await usageIn(q, memberId, periodWindow(period, now, zone), now))
  const limits = limitKinds.flatMap((kind) =>
    limitPeriods.map((period) => {
      const r = rows.find((x) => x.kind === kind && x.period === period)
      return {
        kind,
        period,
        amount: r?.amount ?? null,
        used: usedBy(kind, usage.get(period)!),
        resetsAt: periodWindow(period, now, zone).end,
        pending: r ? pendingOf(r.pending_amount, r.pending_remove, r.pending_at, now) : null,
      }
    }),
  )
  const anyLimit = rows.some((r) => r.amount !== null) || me.session_minutes !== null
  const depositLimit = rows.some((r) => r.kind === 'deposit' && r.amount !== null)
  const prompt = me.prompted_at === null && !depositLimit ? 'deposit_limit' : anyLimit && now - Number(me.reviewed_at ?? me.prompted_at ?? now) >= LIMIT_REVIEW_MS ? 'review' : null
  const trail = await q.query<{ at: number; action: string; detail: string; ip: string; facts: string | null }>(
    'SELECT at, action, detail, ip, facts FROM protect_audit WHERE member_id = $1 ORDER BY at DESC, id DESC LIMIT $2',
    [memberId, AUDIT_SHOWN],
  )
  return {
    limits,
    session: { minutes: me.session_minutes, pending: pendingOf(me.session_pending, me.session_pending_remove, me.session_pending_at, now) },
    realityMinutes: me.reality_minutes,
    prompt,
    exclusion: me.break_kind && me.break_until !== null && Number(me.break_until) > now ? { kind: me.break_kind, until: Number(me.break_until) } : null,
    audit: trail.map((a) => {
      const facts = factsOf(a.facts)
      return { at: Number(a.at), action: a.action, detail: a.detail, ...(facts ? { facts } : {}), ip: a.ip }
    }),
  }
}

const answered = (q: Queryable, memberId: string, now: number) =>
  q.query('UPDATE protect_members SET prompted_at = COALESCE(prompted_at, $2), reviewed_at = $2 WHERE member_id = $1', [memberId, now])

/**
 * Sets one money limit. A new or lower limit applies at once (and drops a pending raise); a higher one
 * or a removal waits {@link LIMIT_COOLING_MS} and the player's confirmation.
 */
export async function setLimit(db: Db, memberId: string, kind: LimitKind, period: LimitPeriod, amount: number | null, ip: string, now: number): Promise<void> {
  await db.tx(async (q) => {
    await lockMember(q, memberId)
    const [row] = await q.query<LimitRow>('SELECT amount FROM protect_limits WHERE member_id = $1 AND kind = $2 AND period = $3', [memberId, kind, period])
    const current = row?.amount ?? null
    const what = `${kind} ${period}`
    if (amount !== null && (current === null || amount <= Number(current))) {
      await q.query(
        `INSERT INTO protect_limits (member_id, kind, period, amount) VALUES ($1, $2, $3, $4)
         ON CONFLICT (member_id, kind, period) DO UPDATE SET amount = $4, pending_amount = NULL, pending_remove = false, pending_at = NULL`,
        [memberId, kind, period, amount],
      )
      await audit(q, memberId, current === null ? 'limit_set' : 'limit_lowered', `${what} ${current ?? '-'} -> ${amount}`, ip, now, {
        limit: { kind, period },
        from: current === null ? null : Number(current),
        to: amount,
      })
    } else if (current === null) {
      // Nothing in force: removing only drops a pending limit.
      await q.query('UPDATE protect_limits SET pending_amount = NULL, pending_remove = false, pending_at = NULL WHERE member_id = $1 AND kind = $2 AND period = $3', [
        memberId,
        kind,
        period,
      ])
    } else {
      await q.query('UPDATE protect_limits SET pending_amount = $4, pending_remove = $5, pending_at = $6 WHERE member_id = $1 AND kind = $2 AND period = $3', [
        memberId,
        kind,
        period,
        amount,
        amount === null,
        now + LIMIT_COOLING_MS,
      ])
      await audit(q, memberId, amount === null ? 'limit_removal_requested' : 'limit_raise_requested', `${what} ${current} -> ${amount ?? 'none'}`, ip, now, {
        limit: { kind, period },
        from: Number(current),
        to: amount,
      })
    }
    await answered(q, memberId, now)
  })
}

/** Sets the session time limit: new or lower at once (live sessions end by it), higher or removal after 24 hours and a confirmation. */
export async function setSessionLimit(db: Db, memberId: string, minutes: number | null, ip: string, now: number): Promise<void> {
  await db.tx(async (q) => {
    const me = await lockMember(q, memberId)
    const current = me.session_minutes
    if (minutes !== null && (current === null || minutes <= current)) {
      await q.query('UPDATE protect_members SET session_minutes = $2, session_pending = NULL, session_pending_remove = false, session_pending_at = NULL WHERE member_id = $1', [
        memberId,
        minutes,
      ])
      await limitLiveSessions(q, memberId, minutes, now)
      await audit(q, memberId, current === null ? 'session_limit_set' : 'session_limit_lowered', `${current ?? '-'} -> ${minutes} min`, ip, now, {
        limit: { kind: 'session' },
        from: current,
        to: minutes,
      })
    } else if (current !== null) {
      await q.query('UPDATE protect_members SET session_pending = $2, session_pending_remove = $3, session_pending_at = $4 WHERE member_id = $1', [
        memberId,
        minutes,
        minutes === null,
        now + LIMIT_COOLING_MS,
      ])
      await audit(q, memberId, minutes === null ? 'session_limit_removal_requested' : 'session_limit_raise_requested', `${current} -> ${minutes ?? 'none'} min`, ip, now, {
        limit: { kind: 'session' },
        from: current,
        to: minutes,
      })
    } else {
      await q.query('UPDATE protect_members SET session_pending = NULL, session_pending_remove = false, session_pending_at = NULL WHERE member_id = $1', [memberId])
    }
    await answered(q, memberId, now)
  })
}

/** Shortens the member's live sessions so none outlasts `minutes` from its login. */
async function limitLiveSessions(q: Queryable, memberId: string, minutes: number, now: number): Promise<void> {
  await q.query(
    `UPDATE sessions SET absolute_expires_at = LEAST(absolute_expires_at, created_at + $2::bigint), idle_expires_at = LEAST(idle_expires_at, created_at + $2::bigint)
      WHERE member_id = $1 AND ended_at IS NULL AND absolute_expires_at > $3`,
    [memberId, minutes * 60_000, now],
  )
}

/**
 * Applies (or, with `apply: false`, withdraws) a pending raise or removal.
 * @throws Fail('not_found') with nothing pending; Fail('conflict') before its 24 hours are over
 */
export async function confirmLimit(db: Db, memberId: string, kind: LimitKind | 'session', period: LimitPeriod | undefined, apply: boolean, ip: string, now: number): Promise<void> {
  await db.tx(async (q) => {
    const me = await lockMember(q, memberId)
    let due: number | null
    if (kind === 'session') due = me.session_pending_at === null ? null : Number(me.session_pending_at)
    else {
      if (!period) throw new Fail('validation_failed', 'Which period?', { fields: { period: 'err_field_invalid' } })
      const [row] = await q.query<LimitRow>('SELECT pending_at FROM protect_limits WHERE member_id = $1 AND kind = $2 AND period = $3', [memberId, kind, period])
      due = row?.pending_at == null ? null : Number(row.pending_at)
    }
    if (due === null) throw new Fail('not_found', 'No change is waiting for confirmation.')
    if (apply && now < due) throw new Fail('conflict', `This change can be confirmed from ${new Date(due).toISOString()}.`, { value: { effectiveAt: due } })
    const what = kind === 'session' ? 'session' : `${kind} ${period}`
    if (kind === 'session') {
      await q.query(
        `UPDATE protect_members SET session_minutes = CASE WHEN $2 THEN (CASE WHEN session_pending_remove THEN NULL ELSE session_pending END) ELSE session_minutes END,
           session_pending = NULL, session_pending_remove = false, session_pending_at = NULL WHERE member_id = $1`,
        [memberId, apply],
      )
    } else {
      await q.query(
        `UPDATE protect_limits SET amount = CASE WHEN $4 THEN (CASE WHEN pending_remove THEN NULL ELSE pending_amount END) ELSE amount END,
           pending_amount = NULL, pending_remove = false, pending_at = NULL WHERE member_id = $1 AND kind = $2 AND period = $3`,
        [memberId, kind, period, apply],
      )
    }
    await audit(q, memberId, apply ? 'limit_change_confirmed' : 'limit_change_withdrawn', what, ip, now, { limit: kind === 'session' ? { kind } : { kind, period } })
  })
}

/** Sets the reality-check interval. */
export async function setReality(db: Db, memberId: string, minutes: number, ip: string, now: number): Promise<void> {
  await db.tx(async (q) => {
    await lockMember(q, memberId)
    await q.query('UPDATE protect_members SET reality_minutes = $2 WHERE member_id = $1', [memberId, minutes])
    await audit(q, memberId, 'reality_interval', `${minutes} min`, ip, now, { minutes })
  })
}

/** Records the answer to the deposit-limit question (`skip`) or to the 6-month review (`reviewed`). */
export async function answerPrompt(db: Db, memberId: string, answer: 'skip' | 'reviewed', ip: string, now: number): Promise<void> {
  await db.tx(async (q) => {
    await lockMember(q, memberId)
    await answered(q, memberId, now)
    await audit(q, memberId, answer === 'skip' ? 'deposit_limit_skipped' : 'limits_reviewed', '', ip, now)
  })
}

/**
 * Takes a time-out or a self-exclusion: every session ends at once and login is refused until it ends.
 * A break already running that ends later is kept: nothing shortens one.
 * @returns its end
 */
export async function takeBreak(db: Db, memberId: string, kind: BreakKind, duration: BreakDuration, ip: string, now: number): Promise<number> {
  return db.tx(async (q) => {
    const me = await lockMember(q, memberId)
    const asked = breakEnd(duration, now)
    const running = me.break_until !== null && Number(me.break_until) > now ? Number(me.break_until) : 0
    const until = Math.max(asked, running)
    const keptKind = asked >= running ? kind : (me.break_kind ?? kind)
    // A self-exclusion stays one even when a longer time-out is added to it.
    const finalKind = me.break_kind === 'self_exclusion' && running > now ? 'self_exclusion' : keptKind
    await q.query('UPDATE protect_members SET break_kind = $2, break_until = $3 WHERE member_id = $1', [memberId, finalKind, until])
    await endMemberSessions(q, memberId, now)
    // The break binds the person: their other accounts' sessions end too (their logins are refused).
    for (const other of await otherAccounts(q, memberId)) await endMemberSessions(q, other, now)
    await audit(q, memberId, kind, `${duration} until ${new Date(until).toISOString()}`, ip, now, { duration, until })
    return until
  })
}

/**
 * Refuses a login while a break runs (`account_excluded` with its end): the account's own, or one on
 * another account of the same person (sharing its email, number or payout account: ./person.ts).
 */
export async function refuseLoginOnBreak(q: Queryable, memberId: string, now: number): Promise<void> {
  const me = await readMember(q, memberId)
  refuseOnBreak(me, now)
  const bound = await breakOfOtherAccounts(q, memberId, now)
  if (bound) refuseOnBreak({ ...me, break_kind: bound.kind, break_until: bound.until }, now)
}

/** After a login: the new session ends when the player's session time limit says. */
export async function applySessionLimit(q: Queryable, memberId: string, now: number): Promise<void> {
  const me = await readMember(q, memberId)
  if (me.session_minutes !== null) await limitLiveSessions(q, memberId, me.session_minutes, now)
}

/** The session clock: login time, net result since then, reality interval, session end, stake room left. */
export async function sessionClock(q: Queryable, memberId: string, sessionHash: string, now: number): Promise<SessionClock> {
  const [s] = await q.query<{ created_at: number; absolute_expires_at: number }>('SELECT created_at, absolute_expires_at FROM sessions WHERE token_hash = $1', [sessionHash])
  const loginAt = Number(s?.created_at ?? now)
  const me: ProtectRow = await readMember(q, memberId)
  const u = await usageIn(q, memberId, { start: loginAt, end: now + 1 }, now)
  const [room] = await roomsOf(q, memberId, ['loss', 'wager'], now)
  const [answer] = await q.query<{ at: number | null }>("SELECT MAX(at)::int8 AS at FROM protect_audit WHERE member_id = $1 AND action = 'reality_check' AND at >= $2", [
    memberId,
    loginAt,
  ])
  const from = Math.max(loginAt, Number(answer?.at ?? 0))
  return {
    nextCheckAt: from + me.reality_minutes * 60_000,
    loginAt,
    now,
    net: u.returns - u.stakes,
    realityMinutes: me.reality_minutes,
    endsAt: me.session_minutes !== null && s ? Number(s.absolute_expires_at) : null,
    stakeRoom: room ? { kind: room.kind, period: room.period, left: room.left, resetsAt: room.resetsAt } : null,
  }
}
