/**
 * What an agent's invitation links bring: per code and day, the link's visits (the
 * registration page checking the code when it opens with it, once per visitor and day), the embedded
 * elements' impressions and clicks (embed_funnel), the members who registered with the code
 * and their first paid deposits with the amount. Days are the platform zone's (`brand.timeZone`), as every agent report's.
 * @module
 */
import { createHash } from 'node:crypto'
import type { InvitationFunnel, ReportPeriod } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { periodWindow } from './reports.ts'
import { DAY_MS, dayOf as zoneDayOf, isoDay, reportZone } from './zone.ts'
import { csvFile, decimal } from './csv.ts'

type Row = InvitationFunnel['rows'][number]
type Totals = InvitationFunnel['totals']
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** Usernames listed per line at most. */
const MEMBERS_PER_ROW = 50

/**
 * Counts a visit of an invitation link: the registration page opened with `code` and checked it. Only
 * a code that is an agent's (its own, or one it created, disabled or not: a disabled link still shows
 * how many people it sends) is counted, once per visitor (address and browser), code and day.
 * @returns whether it counted
 */
export async function countInvitationVisit(q: Queryable, code: string, visitor: { ip: string; agent: string }, now: number): Promise<boolean> {
  const upper = code.trim().toUpperCase()
  if (!/^[A-Z0-9]{4,64}$/.test(upper)) return false
  const owner = await q.query(
    `SELECT 1 FROM members WHERE upper(profile->>'invitationCode') = $1 AND is_agent IN (1, 2, 41, 42)
     UNION ALL SELECT 1 FROM agent_invitations WHERE code = $1 LIMIT 1`,
    [upper],
  )
  if (owner.length === 0) return false
  // The platform zone's day: "once a day" is the day the reports count in.
  const day = isoDay(zoneDayOf(now, await reportZone(q)))
  const dedupe = createHash('sha256').update(['visit', upper, day, visitor.ip, visitor.agent].join('\n')).digest('base64url')
  const rows = await q.query('INSERT INTO invitation_visits (dedupe, code, day, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (dedupe) DO NOTHING RETURNING dedupe', [
    dedupe,
    upper,
    day,
    now,
  ])
  return rows.length > 0
}

const zero = (): Totals => ({ visits: 0, impressions: 0, clicks: 0, registrations: 0, firstDeposits: 0, firstDepositAmount: 0 })
const add = (into: Totals, r: Totals) => {
  for (const k of Object.keys(into) as (keyof Totals)[]) into[k] += r[k]
}

/** What each of the agent's codes brought over a report period, newest day first, with each code's totals and the period's. */
export async function invitationFunnel(q: Queryable, agentId: string, input: { period: ReportPeriod; from?: string; to?: string }, now: number): Promise<InvitationFunnel> {
  const zone = await reportZone(q)
  const { start, end, firstDay, endDay } = periodWindow(input.period, now, input.from, input.to, zone)
  const [from, to] = [isoDay(firstDay), isoDay(endDay - 1)]
  const dayOf = (ms: number) => isoDay(zoneDayOf(ms, zone))
  // The stored `day` (UTC before migration 025's zone days) only narrows the index scan: a local day lies within the UTC days either side.
  const [wideFrom, wideTo] = [utcDay(start - DAY_MS), utcDay(end + DAY_MS)]
  const codeRows = await q.query<{ code: string; label: string; disabled: boolean }>(
    `SELECT upper(profile->>'invitationCode') AS code, '' AS label, false AS disabled, 0 AS o, now() AS c FROM members
       WHERE id = $1 AND coalesce(profile->>'invitationCode', '') <> ''
     UNION ALL SELECT code, label, disabled_at IS NOT NULL, 1, to_timestamp(created_at / 1000.0) FROM agent_invitations WHERE agent_id = $1
     ORDER BY o, c DESC, code`,
    [agentId],
  )
  const codes = codeRows.map((c) => c.code)
  const labels = new Map(codeRows.map((c) => [c.code, c.label.slice(0, 40)]))
  const rows = new Map<string, Row>()
  const rowOf = (day: string, code: string): Row => {
    const key = `${day}\n${code}`
    let row = rows.get(key)
    if (!row) rows.set(key, (row = { day, code, label: labels.get(code) ?? '', ...zero(), members: [] }))
    return row
  }
  const visits = await q.query<{ code: string; day: string; n: number }>(
    `SELECT code, to_char(to_timestamp(created_at / 1000.0) AT TIME ZONE $6, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM invitation_visits
     WHERE code = ANY($1::text[]) AND day >= $2 AND day <= $3 AND created_at >= $4 AND created_at < $5 GROUP BY 1, 2`,
    [codes, wideFrom, wideTo, start, end, zone],
  )
  for (const v of visits) rowOf(v.day, v.code).visits += Number(v.n)
  // The embed's beacons of the same codes (every sub-id together; the embed funnel splits them).
  const beacons = await q.query<{ kind: 'impression' | 'click'; code: string; day: string; n: number }>(
    `SELECT kind, affiliate_code AS code, to_char(to_timestamp(created_at / 1000.0) AT TIME ZONE $6, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM embed_funnel
     WHERE affiliate_code = ANY($1::text[]) AND day >= $2 AND day <= $3 AND created_at >= $4 AND created_at < $5 GROUP BY 1, 2, 3`,
    [codes, wideFrom, wideTo, start, end, zone],
  )
  for (const b of beacons) rowOf(b.day, b.code)[b.kind === 'impression' ? 'impressions' : 'clicks'] += Number(b.n)
  // Members who registered with a code (the agent's direct downlines), and each one's first paid deposit.
  const members = await q.query<{ code: string; username: string; joined: string | number; paid_at: string | number | null; amount: string | number | null }>(
    `SELECT upper(r.profile->>'affiliateCode') AS code, r.username, floor(extract(epoch FROM r.created_at) * 1000)::int8 AS joined, f.settled_at AS paid_at, f.amount
     FROM members r
     LEFT JOIN LATERAL (SELECT d.settled_at, d.amount FROM deposit_orders d WHERE d.member_id = r.id AND d.status = 'paid' ORDER BY d.settled_at, d.id LIMIT 1) f ON true
     WHERE r.upline_id = $1 AND upper(r.profile->>'affiliateCode') = ANY($2::text[])
       AND ((r.created_at >= to_timestamp($3 / 1000.0) AND r.created_at < to_timestamp($4 / 1000.0)) OR (f.settled_at >= $3 AND f.settled_at < $4))
     ORDER BY r.created_at, r.username`,
    [agentId, codes, start, end],
  )
  for (const m of members) {
    const joined = Number(m.joined)
    if (joined >= start && joined < end) {
      const row = rowOf(dayOf(joined), m.code)
      row.registrations++
      if (row.members.length < MEMBERS_PER_ROW) row.members.push(m.username.slice(0, 64))
    }
    const paid = m.paid_at === null ? null : Number(m.paid_at)
    if (paid !== null && paid >= start && paid < end) {
      const row = rowOf(dayOf(paid), m.code)
      row.firstDeposits++
      row.firstDepositAmount += Number(m.amount)
    }
  }
  const list = [...rows.values()].sort((a, b) => b.day.localeCompare(a.day) || codes.indexOf(a.code) - codes.indexOf(b.code))
  const perCode = new Map(codeRows.map((c) => [c.code, zero()]))
  const totals = zero()
  for (const r of list) {
    const { day: _d, code, label: _l, members: _m, ...figures } = r
    add(perCode.get(code)!, figures)
    add(totals, figures)
  }
  return {
    from,
    to,
    rows: list,
    codes: codeRows.map((c) => ({ code: c.code, label: c.label.slice(0, 40), disabled: c.disabled, totals: perCode.get(c.code)! })),
    totals,
  }
}

/** The invitation funnel of a period as CSV: a line per day and code with every figure and who joined, then each code's totals and the period's. */
export async function invitationFunnelCsv(q: Queryable, agentId: string, input: { period: ReportPeriod; from?: string; to?: string }, now: number) {
  const f = await invitationFunnel(q, agentId, input, now)
  const figures = (t: Totals) => [t.visits, t.impressions, t.clicks, t.registrations, t.firstDeposits, decimal(t.firstDepositAmount)]
  const file = csvFile(
    `invitations-${f.from}-${f.to}.csv`,
    ['date', 'invitation_code', 'label', 'visits', 'impressions', 'game_clicks', 'registrations', 'first_deposits', 'first_deposit_amount', 'members'],
    [
      ...f.rows.map((r) => [r.day, r.code, r.label, ...figures(r), r.members.join(' ')]),
      ...f.codes.map((c) => ['total', c.code, c.label, ...figures(c.totals), '']),
      ['total', '', '', ...figures(f.totals), ''],
    ],
  )
  return { ...file, rows: f.rows.length }
}
