import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'

/**
 * Sliding-window counters kept in the database (so limits hold across restarts and processes).
 * A bucket names what is counted (`login_account`, `sms_ip`…), a key whom.
 * @module
 */

/** A limit: at most `max` events per `windowMs`. */
export interface Limit {
  bucket: string
  max: number
  windowMs: number
}

/** The limits the auth routes apply. */
export const limits = {
  /** Failed logins per account name (known or not): lock after 5 in 15 minutes (a success does not wipe them). */
  loginAccount: { bucket: 'login_account', max: 5, windowMs: 15 * 60_000 },
  /** Failed logins per address: 30 in 15 minutes. */
  loginIp: { bucket: 'login_ip', max: 30, windowMs: 15 * 60_000 },
  /** One SMS per number per minute. */
  smsNumber: { bucket: 'sms_number', max: 1, windowMs: 60_000 },
  /** SMS sends per number: 5 a day. */
  smsNumberDay: { bucket: 'sms_number_day', max: 5, windowMs: 24 * 60 * 60_000 },
  /** SMS sends per address: 20 a day. */
  smsIpDay: { bucket: 'sms_ip_day', max: 20, windowMs: 24 * 60 * 60_000 },
  /** SMS sends per address: 10 an hour. */
  smsIp: { bucket: 'sms_ip', max: 10, windowMs: 60 * 60_000 },
  /** Forgotten-password emails per address: 5 in 15 minutes. */
  resetIp: { bucket: 'reset_ip', max: 5, windowMs: 15 * 60_000 },
  /** Forgotten-password emails per account name: 3 an hour. */
  resetAccount: { bucket: 'reset_account', max: 3, windowMs: 60 * 60_000 },
  /** Trial accounts per address: 10 an hour. */
  freeplayIp: { bucket: 'freeplay_ip', max: 10, windowMs: 60 * 60_000 },
  /** Invitation-code checks per address: 30 in 10 minutes. */
  affiliateIp: { bucket: 'affiliate_ip', max: 30, windowMs: 10 * 60_000 },
  /** Registrations per address: 20 an hour. */
  registerIp: { bucket: 'register_ip', max: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, Limit>

/** Number of events for `key` inside the window ending at `now`. */
export async function count(q: Queryable, l: Limit, key: string, now: number): Promise<number> {
  const rows = await q.query<{ n: number | string }>('SELECT count(*)::int AS n FROM rate_events WHERE bucket = $1 AND key = $2 AND at > $3', [l.bucket, key, now - l.windowMs])
  return Number(rows[0]?.n ?? 0)
}

/**
 * Milliseconds until `key` may act again under `l`, or 0 when it may now.
 */
export async function retryAfter(q: Queryable, l: Limit, key: string, now: number): Promise<number> {
  const rows = await q.query<{ at: number | string }>('SELECT at FROM rate_events WHERE bucket = $1 AND key = $2 AND at > $3 ORDER BY at DESC LIMIT 1 OFFSET $4', [
    l.bucket,
    key,
    now - l.windowMs,
    l.max - 1,
  ])
  return rows[0] ? Math.max(0, Number(rows[0].at) + l.windowMs - now) : 0
}

/** Seconds, rounded up, for messages such as "try again in 42 s". */
export const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000))

/** One limit applied to one key (see {@link reserve}). */
export interface Charge {
  limit: Limit
  key: string
  /**
   * A lower bar for this one reservation: it is refused (`capped`) when `cap` events are already in
   * the window, e.g. the failures after which a login must carry a captcha it does not have.
   */
  cap?: number
}

/**
 * Counts one event under every charge at once, but only when none of them is full: atomically, under
 * a transaction-scoped advisory lock per bucket and key (taken in a fixed order), so N parallel
 * attempts count as N and never get past the limit together. Reserve an attempt BEFORE checking the
 * secret it guesses; a right answer may {@link release} it afterwards.
 * @returns null when reserved, else the first full charge, the milliseconds until it frees up, and
 *   whether it was only its `cap` that was reached
 */
export async function reserve(db: Db, charges: Charge[], now: number): Promise<{ charge: Charge; wait: number; capped: boolean } | null> {
  const ordered = [...charges].sort((a, b) => lockName(a).localeCompare(lockName(b)))
  const full = await db.tx(async (q): Promise<{ charge: Charge; wait: number; capped: boolean } | null> => {
    for (const c of ordered) await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockName(c)])
    for (const c of charges) {
      const wait = await retryAfter(q, c.limit, c.key, now)
      if (wait > 0) return { charge: c, wait, capped: false }
    }
    for (const c of charges) {
      if (c.cap !== undefined && (await count(q, c.limit, c.key, now)) >= c.cap) return { charge: c, wait: 0, capped: true }
    }
    for (const c of charges) await q.query('INSERT INTO rate_events (bucket, key, at) VALUES ($1, $2, $3)', [c.limit.bucket, c.key, now])
    return null
  })
  // Old events of the buckets are pruned on the way (no window is longer than a day).
  if (!full) for (const bucket of new Set(charges.map((c) => c.limit.bucket))) await db.query('DELETE FROM rate_events WHERE bucket = $1 AND at < $2', [bucket, now - DAY_MS])
  return full
}

const DAY_MS = 24 * 60 * 60_000

/**
 * Counts one event under every limit at once, atomically (see {@link reserve}), or refuses with
 * `rate_limited` when any of them is full: a limit on sends or checks that parallel requests cannot
 * all pass by reading it before any of them is counted.
 * @param what - what is limited, for the message (`Too many ${what}: try again in 42 s`)
 * @throws Fail('rate_limited') with `retryAfter` (seconds)
 */
export async function consume(db: Db, charges: Charge[], now: number, what: string): Promise<void> {
  const full = await reserve(db, charges, now)
  if (!full) return
  // The longest wait of the full limits, so the message does not promise a try that will be refused.
  let wait = full.wait
  for (const c of charges) wait = Math.max(wait, await retryAfter(db, c.limit, c.key, now))
  throw new Fail('rate_limited', `Too many ${what}: try again in ${seconds(wait)} s`, { value: { retryAfter: seconds(wait) } })
}

/** Takes back one event reserved by {@link reserve} at `now` (the attempt turned out right, or never ran). */
export async function release(q: Queryable, charges: Charge[], now: number): Promise<void> {
  for (const c of charges) {
    await q.query('DELETE FROM rate_events WHERE ctid = (SELECT ctid FROM rate_events WHERE bucket = $1 AND key = $2 AND at = $3 LIMIT 1)', [c.limit.bucket, c.key, now])
  }
}

const lockName = (c: Charge): string => `rate:${c.limit.bucket}:${c.key}`
