import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { endpoints, type EndpointKey } from '../../sdk/contract/all.ts'
import { createSession } from '../auth/sessions.ts'
import { createMember } from '../auth/accounts.ts'

const { sb } = sandboxForFile()

async function call<T>(k: EndpointKey, input: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; value: T; code: string }> {
  const res = await fetch(`${sb.url}${endpoints[k].path}?${new URLSearchParams(input)}`, { headers })
  const body = (await res.json()) as { value: T; code: string }
  return { status: res.status, value: body.value, code: body.code }
}
const idOf = async (username: string) => (await sb.db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [username]))[0].id
const beacon = (input: Record<string, string>, agent = 'Mozilla/5.0 test') => call<{ counted: boolean }>('embedFunnel', input, { 'User-Agent': agent })
/** Today in the platform's zone (the seed's Asia/Manila), the day the reports count in. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date())

describe('embed funnel', () => {
  it('counts an impression once per visitor and day: a refresh or a replay adds nothing', async () => {
    const impression = { kind: 'impression', affiliateCode: 'AG01INVITE', subId: 'home-top', item: 'lk-games' }
    expect((await beacon(impression)).value).toEqual({ counted: true })
    expect((await beacon(impression)).value).toEqual({ counted: false })
    // Another browser counts; a code nobody uses does not; a bad sub-id is refused.
    expect((await beacon(impression, 'Another browser')).value).toEqual({ counted: true })
    expect((await beacon({ ...impression, affiliateCode: 'NOSUCHCODE' })).value).toEqual({ counted: false })
    expect((await beacon({ ...impression, subId: '<script>' })).status).toBe(400)
    // Clicks count per game.
    expect((await beacon({ kind: 'click', affiliateCode: 'ag01invite', subId: 'home-top', item: 'PG-0001' })).value).toEqual({ counted: true })
    expect((await beacon({ kind: 'click', affiliateCode: 'AG01INVITE', subId: 'home-top', item: 'PG-0002' })).value).toEqual({ counted: true })
    expect((await beacon({ kind: 'click', affiliateCode: 'AG01INVITE', subId: 'home-top', item: 'PG-0002' })).value).toEqual({ counted: false })
  })

  it("shows the agent its codes' funnel per sub-id and day, registrations and first deposits from the platform's own records, with CSV", async () => {
    const agentId = await idOf('agent01')
    const now = Date.now()
    // A sub-id of its own, seen by two browsers, with two games clicked (the other tests count theirs).
    const subId = 'report-top'
    for (const agent of ['Report browser 1', 'Report browser 2'])
      expect((await beacon({ kind: 'impression', affiliateCode: 'AG01INVITE', subId, item: 'lk-games' }, agent)).value).toEqual({ counted: true })
    for (const item of ['PG-0001', 'PG-0002'])
      expect((await beacon({ kind: 'click', affiliateCode: 'AG01INVITE', subId, item }, 'Report browser 1')).value).toEqual({ counted: true })
    const profile = (subId: string, url = `http://brand.test/embed/v1/frame/register?origin=https%3A%2F%2Fnews.example&affiliateCode=AG01INVITE&subId=${subId}`) => ({
      affiliateCode: 'AG01INVITE',
      registerUrl: url,
    })
    const make = async (name: string, p: Record<string, string>) =>
      (await createMember(sb.db, { username: `${name}${now % 100000}`, uplineId: agentId, passwordHash: null, profile: p }, now)).id
    const framed = await make('fa', profile(subId))
    await make('fb', profile(subId))
    // Registered on the brand's own page (not through the embed), or from a page naming the frame in its query: not the embed's.
    await make('fc', profile(subId, `http://brand.test/register?affiliateCode=AG01INVITE&subId=${subId}&x=/embed/v1/frame/register`))
    await sb.db.query(
      `INSERT INTO deposit_orders (id, member_id, idempotency_key, channel, method, amount, status, reference, created_at, expires_at, settled_at)
       VALUES ('dep_f1', $1, 'k-f1-0000000000000', 'bank', 'bank', 10000, 'paid', 'r1', $2, $3, $2),
              ('dep_f2', $1, 'k-f2-0000000000000', 'bank', 'bank', 20000, 'paid', 'r2', $2, $3, $2)`,
      [framed, now, now + 60_000],
    )
    const token = await createSession(sb.db, agentId, now, '127.0.0.1')
    const auth = { Authorization: `Bearer ${token}` }
    const funnel = await call<{ rows: { day: string; code: string; subId: string; impressions: number; clicks: number; registrations: number; firstDeposits: number }[] }>(
      'agentEmbedFunnel',
      { period: 'today' },
      auth,
    )
    expect(funnel.status).toBe(200)
    expect(funnel.value.rows).toContainEqual({ day: today(), code: 'AG01INVITE', subId, impressions: 2, clicks: 2, registrations: 2, firstDeposits: 1 })
    const csv = await call<{ filename: string; csv: string }>('agentEmbedFunnelCsv', { period: 'today' }, auth)
    expect(csv.value.csv.split('\r\n')[0]).toBe('date,invitation_code,sub_id,impressions,game_clicks,registrations,first_deposits')
    expect(csv.value.csv).toContain(`${today()},AG01INVITE,${subId},2,2,2,1`)
    // A member is refused; another agent sees none of agent01's figures.
    const member = await createSession(sb.db, await idOf('demo01'), now, '127.0.0.1')
    expect((await call('agentEmbedFunnel', { period: 'today' }, { Authorization: `Bearer ${member}` })).code).toBe('not_agent')
    const other = await createSession(sb.db, await idOf('agent02'), now, '127.0.0.1')
    const theirs = await call<{ rows: { code: string }[] }>('agentEmbedFunnel', { period: 'today' }, { Authorization: `Bearer ${other}` })
    expect(theirs.value.rows.filter((r) => r.code === 'AG01INVITE')).toEqual([])
  })

  it("counts each beacon on the platform zone's day: 23:59:59 and 00:00:00 in Manila are two days", async () => {
    const agentId = await idOf('agent01')
    const token = await createSession(sb.db, agentId, Date.now(), '127.0.0.1')
    // 2026-03-10 23:59:59.999 and 2026-03-11 00:00:00 in Manila (UTC+8).
    const [late, midnight] = [Date.UTC(2026, 2, 10, 15, 59, 59, 999), Date.UTC(2026, 2, 10, 16)]
    await sb.db.query(
      `INSERT INTO embed_funnel (dedupe, kind, affiliate_code, sub_id, day, created_at) VALUES
       ('zone-late', 'impression', 'AG01INVITE', 'zone', '2026-03-10', $1), ('zone-midnight', 'impression', 'AG01INVITE', 'zone', '2026-03-10', $2)`,
      [late, midnight],
    )
    const funnel = await call<{ from: string; to: string; rows: { day: string; subId: string; impressions: number }[] }>(
      'agentEmbedFunnel',
      { period: 'range', from: '2026-03-10', to: '2026-03-11' },
      { Authorization: `Bearer ${token}` },
    )
    expect(funnel.value.rows.filter((r) => r.subId === 'zone').map((r) => [r.day, r.impressions])).toEqual([
      ['2026-03-11', 1],
      ['2026-03-10', 1],
    ])
    // A day of the range is the zone's: the 10th alone holds the late one only.
    const tenth = await call<{ rows: { day: string; subId: string; impressions: number }[] }>(
      'agentEmbedFunnel',
      { period: 'range', from: '2026-03-10', to: '2026-03-10' },
      { Authorization: `Bearer ${token}` },
    )
    expect(tenth.value.rows.filter((r) => r.subId === 'zone')).toEqual([expect.objectContaining({ day: '2026-03-10', impressions: 1 })])
  })
})
