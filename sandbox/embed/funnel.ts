/**
 * The embed funnel: what an affiliate's embedded elements brought, per invitation code,
 * partner sub-id and day. Impressions and game clicks come from the elements' beacons, counted once
 * per visitor (address and browser), day and item: `dedupe` is their hash, so a refreshed page or a
 * replayed beacon adds nothing. Registrations are the members whose registration address is the
 * embed's register frame; first deposits, the first paid deposit of those members. Both are read
 * from the platform's own records, so nothing the partner's page says can add one.
 * @module
 */
import { createHash } from 'node:crypto'
import type { Queryable } from '../db/index.ts'
import type { ParsedRequestOf, ReportPeriod, ResponseOf } from '../../sdk/contract/all.ts'
import { periodWindow } from '../agent/reports.ts'
import { csvFile } from '../agent/csv.ts'
import { brandZone, dayOf as zoneDayOf, isoDay } from '../zone.ts'

type Funnel = ResponseOf<'agentEmbedFunnel'>
type Row = Funnel['rows'][number]
/** The platform zone's calendar day of an instant, as `YYYY-MM-DD`. */
const dayIn = (ms: number, zone: string) => isoDay(zoneDayOf(ms, zone))
/** The path of the register frame, as its registration address names it. */
const framePath = '/embed/v1/frame/register'

/** Whether `code` is an agent's invitation code in use (its own, or one it created and has not disabled). */
async function codeInUse(q: Queryable, code: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM members WHERE upper(profile->>'invitationCode') = upper($1) AND is_agent IN (1, 2, 41, 42)
     UNION ALL SELECT 1 FROM agent_invitations WHERE code = upper($1) AND disabled_at IS NULL`,
    [code],
  )
  return rows.length > 0
}

/**
 * Counts a beacon unless the same visitor already sent it today (same kind, code, sub-id and item).
 * @returns whether it was counted (false for a repeat or a code nobody uses)
 */
export async function countBeacon(q: Queryable, beacon: ParsedRequestOf<'embedFunnel'>, visitor: { ip: string; agent: string }, now: number): Promise<boolean> {
  const code = beacon.affiliateCode.toUpperCase()
  if (!(await codeInUse(q, code))) return false
  // Once per visitor and day of the platform's zone, the day every agent report counts in.
  const day = dayIn(now, await brandZone(q))
  const subId = beacon.subId ?? ''
  const dedupe = createHash('sha256')
    .update([beacon.kind, code, subId, beacon.item ?? '', day, visitor.ip, visitor.agent].join('\n'))
    .digest('base64url')
  const rows = await q.query(
    'INSERT INTO embed_funnel (dedupe, kind, affiliate_code, sub_id, day, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (dedupe) DO NOTHING RETURNING dedupe',
    [dedupe, beacon.kind, code, subId, day, now],
  )
  return rows.length > 0
}

const msOf = (value: Date | string | number): number =>
  value instanceof Date ? value.getTime() : typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Date.parse(value)

/** The sub-id a registration address carries (the frame's `subId`), or `''`. */
function subIdOf(url: string): string {
  try {
    return new URL(url, 'http://x').searchParams.get('subId')?.slice(0, 64) ?? ''
  } catch {
    return ''
  }
}

/** The funnel of `agentId`'s codes over a report period, newest day first, with totals. */
export async function embedFunnel(q: Queryable, agentId: string, input: { period: ReportPeriod; from?: string; to?: string }, now: number): Promise<Funnel> {
  const zone = await brandZone(q)
  const { start, end, firstDay, endDay } = periodWindow(input.period, now, input.from, input.to, zone)
  const [from, to] = [isoDay(firstDay), isoDay(endDay - 1)]
  const codes = (
    await q.query<{ code: string }>(
      `SELECT upper(profile->>'invitationCode') AS code FROM members WHERE id = $1 AND coalesce(profile->>'invitationCode', '') <> ''
       UNION SELECT code FROM agent_invitations WHERE agent_id = $1`,
      [agentId],
    )
  ).map((r) => r.code)
  const rows = new Map<string, Row>()
  const rowOf = (day: string, code: string, subId: string): Row => {
    const key = `${day}\n${code}\n${subId}`
    let row = rows.get(key)
    if (!row) rows.set(key, (row = { day, code, subId, impressions: 0, clicks: 0, registrations: 0, firstDeposits: 0 }))
    return row
  }
  // By the instant each was counted, on the zone's calendar (a beacon's stored day is the one it was
  // deduplicated in, which a later change of the zone setting does not move).
  const beacons = await q.query<{ kind: 'impression' | 'click'; code: string; sub_id: string; day: string; n: number }>(
    `SELECT kind, affiliate_code AS code, sub_id, to_char(to_timestamp(created_at / 1000.0) AT TIME ZONE $4, 'YYYY-MM-DD') AS day, count(*)::int AS n
     FROM embed_funnel WHERE affiliate_code = ANY($1::text[]) AND created_at >= $2 AND created_at < $3 GROUP BY 1, 2, 3, 4`,
    [codes, start, end, zone],
  )
  for (const b of beacons) rowOf(b.day, b.code, b.sub_id)[b.kind === 'impression' ? 'impressions' : 'clicks'] += Number(b.n)
  const members = await q.query<{ code: string; url: string; created_at: Date | string | number; first_paid: string | number | null }>(
    `SELECT upper(r.profile->>'affiliateCode') AS code, r.profile->>'registerUrl' AS url, r.created_at,
       (SELECT min(d.settled_at) FROM deposit_orders d WHERE d.member_id = r.id AND d.status = 'paid') AS first_paid
     FROM members r WHERE r.upline_id = $1 AND upper(r.profile->>'affiliateCode') = ANY($2::text[]) AND r.profile->>'registerUrl' LIKE $3`,
    [agentId, codes, `%${framePath}%`],
  )
  for (const m of members) {
    // Only the frame's own address counts (not a page that merely mentions it in its query).
    let path = ''
    try {
      path = new URL(m.url).pathname
    } catch {}
    if (path !== framePath && path !== `${framePath}.html`) continue
    const registered = msOf(m.created_at)
    if (registered >= start && registered < end) rowOf(dayIn(registered, zone), m.code, subIdOf(m.url)).registrations++
    const paid = m.first_paid === null ? null : Number(m.first_paid)
    if (paid !== null && paid >= start && paid < end) rowOf(dayIn(paid, zone), m.code, subIdOf(m.url)).firstDeposits++
  }
  const list = [...rows.values()].sort((a, b) => b.day.localeCompare(a.day) || a.code.localeCompare(b.code) || a.subId.localeCompare(b.subId))
  const totals = { impressions: 0, clicks: 0, registrations: 0, firstDeposits: 0 }
  for (const r of list) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r[k]
  return { from, to, rows: list, totals }
}

/** The funnel of a period as CSV, one line per day, code and sub-id, then the totals. */
export async function embedFunnelCsv(q: Queryable, agentId: string, input: { period: ReportPeriod; from?: string; to?: string }, now: number) {
  const f = await embedFunnel(q, agentId, input, now)
  const t = f.totals
  const file = csvFile(
    `embed-funnel-${f.from}-${f.to}.csv`,
    ['date', 'invitation_code', 'sub_id', 'impressions', 'game_clicks', 'registrations', 'first_deposits'],
    [
      ...f.rows.map((r) => [r.day, r.code, r.subId, r.impressions, r.clicks, r.registrations, r.firstDeposits]),
      ['total', '', '', t.impressions, t.clicks, t.registrations, t.firstDeposits],
    ],
  )
  return { ...file, rows: f.rows.length }
}
