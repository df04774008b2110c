import { describe, expect, it } from 'vitest'
import { client, login } from '../auth/testkit.ts'
import { createHasher, testCost } from '../auth/password.ts'
import { createMember } from '../auth/accounts.ts'
import { creditMember } from '../ledger.ts'
import { sandboxForFile } from '../testkit.ts'
import { newOperator, opsClient, opsKey } from './testkit.ts'

const { sb } = sandboxForFile()
let ips = 0
let n = 0
/** A client acting from its own address, so address limits of one test do not reach another. */
const fresh = () => opsClient(sb.url, `10.78.0.${++ips}`)
const signedIn = async (role: 'owner' | 'finance' | 'support' | 'content') => {
  const c = fresh()
  const op = await newOperator(sb.db, role)
  await c.signIn(op)
  return { c, op }
}
const password = 'member pass 123'
const hasher = createHasher({ cost: testCost })
/** A member named `<prefix><n>` with a password, a mobile number and `balance` minor units. */
async function member(prefix: string, mobile = '', balance = 0) {
  const username = `${prefix}${process.pid % 1000}x${n++}`
  const row = await createMember(
    sb.db,
    { username, type: 0, isAgent: 0, passwordHash: await hasher.hash(password), mobileNum: mobile, countryDialingCode: mobile ? '63' : '' },
    Date.now(),
  )
  if (balance) await creditMember(sb.db, row.id, balance, { idempotencyKey: `seed:${row.id}` })
  return { id: row.id, username }
}
const auditOf = (target: string) =>
  sb.db.query<{ operator: string; action: string; before: unknown; after: unknown }>('SELECT operator, action, before, after FROM operator_audit WHERE target = $1 ORDER BY id', [
    target,
  ])

describe('members: search and view', () => {
  it('finds members by a username start or mobile digits, a page at a time, and shows one with balance, moves, limits, break and notes', async () => {
    const prefix = `srch${Date.now() % 100000}`
    const a = await member(prefix, '9171112233', 250_00)
    const b = await member(prefix)
    await member(`zz${prefix}`)
    const { c } = await signedIn('support')

    const first = (await c.call('opsMembers', { q: prefix.toUpperCase(), pageSize: 1 })).body.value
    expect(first).toMatchObject({ page: 1, pageSize: 1, total: 2, totalPages: 2 })
    expect(first.list).toEqual([{ id: a.id, username: a.username, mobile: '+63 9171112233', status: 'active', createdAt: expect.any(String) }])
    const second = (await c.call('opsMembers', { q: prefix, pageSize: 1, page: 2 })).body.value
    expect(second.list.map((m: { username: string }) => m.username)).toEqual([b.username])
    // Digits of the mobile number, typed the way people type them.
    const byPhone = (await c.call('opsMembers', { q: '+63 917-111-2233' })).body.value
    expect(byPhone.list.map((m: { id: string }) => m.id)).toEqual([a.id])
    // `%` and `_` are letters here, not wildcards.
    expect((await c.call('opsMembers', { q: '%' })).body.value.total).toBe(0)

    await sb.db.query("INSERT INTO protect_limits (member_id, kind, period, amount) VALUES ($1, 'deposit', 'day', 50000)", [a.id])
    await sb.db.query("INSERT INTO protect_members (member_id, break_kind, break_until) VALUES ($1, 'timeout', $2)", [a.id, Date.now() + 86_400_000])
    const view = (await c.call('opsMember', { id: a.id })).body.value
    expect(view).toMatchObject({ id: a.id, username: a.username, status: 'active', lockReason: null, balance: 250_00, exclusion: { kind: 'timeout' }, notes: [] })
    expect(view.ledger[0]).toMatchObject({ amount: 250_00, balanceAfter: 250_00 })
    expect(view.limits).toContainEqual(expect.objectContaining({ kind: 'deposit', period: 'day', amount: 500_00 }))
    expect((await c.call('opsMember', { id: 'nobody' })).body.code).toBe('not_found')
  })
})

describe('members: lock and notes', () => {
  it('locks a member with a reason (sessions end, sign-in refused), unlocks, keeps notes, and audits each', async () => {
    const m = await member('lockme')
    const player = client(sb.url)
    const token = ((await login(player, sb.url, m.username, password)).body.value as { token: string }).token
    expect((await player.call('balance', {}, { token })).body.success).toBe(true)

    const { c, op } = await signedIn('owner')
    const noReason = await c.call('opsSetMemberLock', { id: m.id, locked: true, reason: ' x ', idempotencyKey: opsKey() })
    expect(noReason.body.fields).toEqual({ reason: 'admin_err_reason' })
    const key = opsKey()
    const locked = await c.call('opsSetMemberLock', { id: m.id, locked: true, reason: 'Chargeback under review', idempotencyKey: key })
    expect(locked.body.value).toEqual({ id: m.id, username: m.username, status: 'locked', reason: 'Chargeback under review' })
    // A retry with its key is the first answer; another lock of a locked member is refused.
    expect((await c.call('opsSetMemberLock', { id: m.id, locked: true, reason: 'Chargeback under review', idempotencyKey: key })).body.value).toEqual(locked.body.value)
    expect((await c.call('opsSetMemberLock', { id: m.id, locked: true, reason: 'again', idempotencyKey: opsKey() })).body.code).toBe('conflict')

    expect((await player.call('balance', {}, { token })).body.success).toBe(false)
    const refused = await login(client(sb.url), sb.url, m.username, password)
    expect(refused.body.code).toBe('account_suspended')
    expect(refused.status).toBe(403)
    expect((await c.call('opsMember', { id: m.id })).body.value).toMatchObject({ status: 'locked', lockReason: 'Chargeback under review' })
    expect((await c.call('opsMembers', { q: m.username })).body.value.list[0].status).toBe('locked')

    const note = await c.call('opsAddMemberNote', { id: m.id, text: '  Called the member about the chargeback.  ', idempotencyKey: opsKey() })
    expect(note.body.value).toMatchObject({ operator: op.username, text: 'Called the member about the chargeback.' })
    expect((await c.call('opsAddMemberNote', { id: m.id, text: '   ', idempotencyKey: opsKey() })).body.fields).toEqual({ text: 'admin_err_note' })
    expect((await c.call('opsMember', { id: m.id })).body.value.notes).toEqual([note.body.value])

    const unlocked = await c.call('opsSetMemberLock', { id: m.id, locked: false, reason: 'Bank confirmed the payment', idempotencyKey: opsKey() })
    expect(unlocked.body.value).toMatchObject({ status: 'active' })
    expect((await login(client(sb.url), sb.url, m.username, password)).body.success).toBe(true)

    expect(await auditOf(m.username)).toEqual([
      {
        operator: op.username,
        action: 'member.lock',
        before: { id: m.id, username: m.username, status: 'active', reason: null },
        after: { id: m.id, username: m.username, status: 'locked', reason: 'Chargeback under review' },
      },
      { operator: op.username, action: 'member.note', before: null, after: note.body.value },
      {
        operator: op.username,
        action: 'member.unlock',
        before: expect.objectContaining({ status: 'locked' }),
        after: expect.objectContaining({ status: 'active', reason: 'Bank confirmed the payment' }),
      },
    ])
  })

  it('refuses finance and content operators every members call', async () => {
    const m = await member('guarded')
    for (const role of ['finance', 'content'] as const) {
      const { c } = await signedIn(role)
      for (const [key, input] of [
        ['opsMembers', { q: m.username }],
        ['opsMember', { id: m.id }],
        ['opsSetMemberLock', { id: m.id, locked: true, reason: 'not allowed', idempotencyKey: opsKey() }],
        ['opsAddMemberNote', { id: m.id, text: 'not allowed', idempotencyKey: opsKey() }],
      ] as const) {
        const r = await c.call(key, input)
        expect([role, key, r.status, r.body.code]).toEqual([role, key, 403, 'forbidden'])
      }
    }
    const [row] = await sb.db.query<{ locked_at: unknown }>('SELECT locked_at FROM members WHERE id = $1', [m.id])
    expect(row.locked_at).toBeNull()
    expect(await auditOf(m.username)).toEqual([])
  })
})
