import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { dayOf, isoDay } from './zone.ts'
import { brand } from '../seed/config.ts'
import { endpoints, type EndpointKey } from '../../sdk/contract/all.ts'
import { createSession } from '../auth/sessions.ts'
import { createMember } from '../auth/accounts.ts'

const { sb } = sandboxForFile()
const origin = 'http://brand.test'

async function call<T = any>(k: EndpointKey, input: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; value: T; code: string }> {
  const ep = endpoints[k]
  const res =
    ep.method === 'GET'
      ? await fetch(`${sb.url}${ep.path}?${new URLSearchParams(input)}`, { headers })
      : await fetch(`${sb.url}${ep.path}`, { method: ep.method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(input) })
  const body = (await res.json()) as { value: T; code: string }
  return { status: res.status, value: body.value, code: body.code }
}
const idOf = async (username: string) => (await sb.db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [username]))[0].id
// The funnel's days are the brand's (UTC+08:00), not UTC's: the two differ from 16:00 UTC on.
const today = () => isoDay(dayOf(Date.now(), brand.timeZone))
let n = 0

describe('what my links bring', () => {
  it('labels a code, counts its link visits once per visitor and day, and shows per day who joined and first paid how much, with CSV', async () => {
    const agentId = await idOf('agent01')
    const token = await createSession(sb.db, agentId, Date.now(), '127.0.0.1')
    const auth = { Authorization: `Bearer ${token}` }
    const created = await call<{ list: { code: string; standing: boolean; label: string }[] }>('agentCreateInvitation', { origin }, auth)
    const code = created.value.list.find((i) => !i.standing)!.code
    const labelled = await call<{ list: { code: string; label: string }[] }>('agentLabelInvitation', { origin, code, label: ' Facebook group ' }, auth)
    expect(labelled.value.list.find((i) => i.code === code)!.label).toBe('Facebook group')
    expect((await call('agentLabelInvitation', { origin, code: 'AG01INVITE', label: 'mine' }, auth)).code).toBe('not_found')
    expect((await call('agentLabelInvitation', { origin, code, label: 'x'.repeat(41) }, auth)).status).toBe(400)

    // Three visits from two browsers: two counted. A code nobody holds counts nothing.
    const visit = (c: string, agent: string) => call<{ valid: boolean }>('affiliate', { code: c, domain: 'brand.test' }, { 'User-Agent': agent })
    expect((await visit(code, 'Browser A')).value.valid).toBe(true)
    await visit(code.toLowerCase(), 'Browser A')
    await visit(code, 'Browser B')
    await visit('NOSUCH1234', 'Browser A')

    // Two members register with it; one pays twice (only the first counts, with its amount).
    const now = Date.now()
    const make = async () => (await createMember(sb.db, { username: `ifm${now % 100000}${n++}`, uplineId: agentId, passwordHash: null, profile: { affiliateCode: code } }, now)).id
    const first = await make()
    await make()
    await sb.db.query(
      `INSERT INTO deposit_orders (id, member_id, idempotency_key, channel, method, amount, status, reference, created_at, expires_at, settled_at)
       VALUES ('dep_if1', $1, 'k-if1-000000000000', 'bank', 'bank', 12345, 'paid', 'r1', $2, $3, $2),
              ('dep_if2', $1, 'k-if2-000000000000', 'bank', 'bank', 99999, 'paid', 'r2', $2 + 1, $3, $2 + 1),
              ('dep_if3', $1, 'k-if3-000000000000', 'bank', 'bank', 55555, 'failed', 'r3', $2 - 1, $3, $2 - 1)`,
      [first, now, now + 60_000],
    )
    const funnel = await call<any>('agentInvitationFunnel', { period: 'today' }, auth)
    expect(funnel.status).toBe(200)
    const row = funnel.value.rows.find((r: { code: string }) => r.code === code)
    expect(row).toMatchObject({ day: today(), label: 'Facebook group', visits: 2, registrations: 2, firstDeposits: 1, firstDepositAmount: 12345 })
    expect(row.members).toHaveLength(2)
    expect(funnel.value.codes.find((c: { code: string }) => c.code === code).totals).toMatchObject({ visits: 2, registrations: 2, firstDepositAmount: 12345 })

    const csv = (await call<{ csv: string }>('agentInvitationFunnelCsv', { period: 'today' }, auth)).value.csv.trim().split('\r\n')
    expect(csv[0]).toBe('date,invitation_code,label,visits,impressions,game_clicks,registrations,first_deposits,first_deposit_amount,members')
    expect(csv.find((l) => l.startsWith(`${today()},${code},`))).toMatch(new RegExp(`^${today()},${code},Facebook group,2,0,0,2,1,123\\.45,ifm\\d+ ifm\\d+$`))

    // Another agent sees none of it; a member is refused.
    const other = await createMember(sb.db, { username: `ifo${now % 100000}`, isAgent: 1, type: 1, uplineId: agentId, passwordHash: null }, now)
    const theirs = await call<any>('agentInvitationFunnel', { period: 'today' }, { Authorization: `Bearer ${await createSession(sb.db, other.id, now, '127.0.0.1')}` })
    expect(theirs.value.rows).toEqual([])
    expect(
      (await call('agentLabelInvitation', { origin, code, label: 'stolen' }, { Authorization: `Bearer ${await createSession(sb.db, other.id, now, '127.0.0.1')}` })).code,
    ).toBe('not_found')
  })

  it('re-enables a disabled code: registering with it is refused while disabled and works again after', async () => {
    const agentId = await idOf('agent01')
    const auth = { Authorization: `Bearer ${await createSession(sb.db, agentId, Date.now(), '127.0.0.1')}` }
    const code = (await call<{ list: { code: string; standing: boolean }[] }>('agentCreateInvitation', { origin }, auth)).value.list.find((i) => !i.standing)!.code
    await call('agentDisableInvitation', { origin, code }, auth)
    expect((await call<{ valid: boolean }>('affiliate', { code, domain: 'brand.test' })).value.valid).toBe(false)
    const enabled = await call<{ list: { code: string; disabled: boolean }[] }>('agentEnableInvitation', { origin, code }, auth)
    expect(enabled.value.list.find((i) => i.code === code)!.disabled).toBe(false)
    expect((await call<{ valid: boolean }>('affiliate', { code, domain: 'brand.test' })).value.valid).toBe(true)
    expect((await call('agentEnableInvitation', { origin, code: 'NOSUCH1234' }, auth)).code).toBe('not_found')
  })
})
