import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { client } from '../auth/testkit.ts'
import { balanceOf, memberAccount } from '../ledger.ts'
import { holdAccount } from '../money/withdraw.ts'
import { createOperator, OperatorRefused } from './operators.ts'
import { base32, fromBase32, matchingStep, stepOf, totpCode } from './totp.ts'
import { codeAt, memberWithWithdrawal, newOperator, operatorPassword, opsClient, opsKey, testOperatorKeys } from './testkit.ts'

const { sb } = sandboxForFile()
let ips = 0
/** A client acting from its own address, so address limits of one test do not reach another. */
const fresh = () => opsClient(sb.url, `10.77.0.${++ips}`)

const auditOf = (target: string) =>
  sb.db.query<{ operator: string; action: string; before: any; after: any; ip: string }>(
    'SELECT operator, action, before, after, ip FROM operator_audit WHERE target = $1 ORDER BY id',
    [target],
  )

describe('TOTP', () => {
  it('computes the RFC 6238 reference codes (SHA-1) and accepts a code once', () => {
    const secret = base32(Buffer.from('12345678901234567890'))
    expect(fromBase32(secret).toString()).toBe('12345678901234567890')
    // RFC 6238 appendix B, last six of the eight digits.
    expect(totpCode(secret, stepOf(59_000))).toBe('287082')
    expect(totpCode(secret, stepOf(1_111_111_109_000))).toBe('081804')
    expect(totpCode(secret, stepOf(20_000_000_000_000))).toBe('353130')
    const now = 1_111_111_109_000
    expect(matchingStep(secret, '081804', now, 0)).toBe(stepOf(now))
    expect(matchingStep(secret, '081804', now, stepOf(now))).toBeNull()
    expect(matchingStep(secret, '000000', now, 0)).toBeNull()
  })
})

describe('operator create', () => {
  it('hashes the password, keeps a TOTP secret, and refuses a taken name in any case, a bad role or a short password', async () => {
    const hasher = testOperatorKeys()
    const made = await createOperator(sb.db, hasher, { username: 'Owner.One', role: 'owner', password: operatorPassword }, Date.now(), 'Lobbykit')
    expect(made.totpSecret).toMatch(/^[A-Z2-7]{32}$/)
    expect(made.otpauthUri).toBe(`otpauth://totp/Lobbykit:Owner.One?secret=${made.totpSecret}&issuer=Lobbykit&algorithm=SHA1&digits=6&period=30`)
    const [row] = await sb.db.query<{ password_hash: string }>('SELECT password_hash FROM operators WHERE id = $1', [made.id])
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=10,/)
    expect(row.password_hash).not.toContain(operatorPassword)
    await expect(createOperator(sb.db, hasher, { username: 'owner.one', role: 'finance', password: operatorPassword }, Date.now(), 'Lobbykit')).rejects.toThrow(
      new OperatorRefused('An operator named owner.one already exists.'),
    )
    await expect(createOperator(sb.db, hasher, { username: 'boss1', role: 'boss' as never, password: operatorPassword }, Date.now(), 'Lobbykit')).rejects.toThrow(/role/)
    await expect(createOperator(sb.db, hasher, { username: 'short1', role: 'owner', password: 'short' }, Date.now(), 'Lobbykit')).rejects.toThrow(/12 characters/)
    expect((await sb.db.query("SELECT 1 FROM operators WHERE username IN ('boss1', 'short1')")).length).toBe(0)
  })
})

describe('sign-in', () => {
  it('needs the password and the current code, sets a strict httpOnly cookie, and takes each code once', async () => {
    const op = await newOperator(sb.db, 'owner')
    const c = fresh()
    expect((await c.call('opsMe')).body.value).toBeNull()
    const wrongCode = await c.call('opsSignIn', { username: op.username, password: operatorPassword, code: codeAt(op.totpSecret, Date.now(), 5) })
    expect(wrongCode.body.code).toBe('invalid_credentials')
    const wrongPassword = await c.call('opsSignIn', { username: op.username, password: 'not the passphrase', code: codeAt(op.totpSecret) })
    expect(wrongPassword.body.code).toBe('invalid_credentials')
    const ok = await c.signIn(op)
    expect(ok.body).toMatchObject({ success: true, value: { username: op.username, role: 'owner' } })
    expect(ok.setCookie).toMatch(/^lk_ops=[A-Za-z0-9_-]{43};/)
    expect(ok.setCookie).toMatch(/HttpOnly/)
    expect(ok.setCookie).toMatch(/SameSite=Strict/)
    expect(ok.setCookie).toMatch(/Path=\/ops\/api/)
    expect((await c.call('opsMe')).body.value).toEqual({ username: op.username, role: 'owner' })
    // The same code again, from another browser: refused, although it is still the current step's.
    const again = await fresh().signIn(op)
    expect(again.body.code).toBe('invalid_credentials')
    // Another browser without the cookie is nobody.
    expect((await fresh().call('opsMe')).body.value).toBeNull()
    await c.call('opsSignOut')
    expect((await c.call('opsMe')).body.value).toBeNull()
    expect((await c.call('opsAudit')).body.code).toBe('unauthorized')
    const actions = (await auditOf(op.username)).map((r) => r.action)
    expect(actions).toEqual(['session.sign_in', 'session.sign_out'])
  })

  it('ends a session left idle, and every session of an operator disabled', async () => {
    const op = await newOperator(sb.db, 'support')
    const c = fresh()
    await c.signIn(op)
    expect((await c.call('opsAudit')).status).toBe(200)
    // Its last call was more than 15 minutes ago.
    await sb.db.query('UPDATE operator_sessions SET idle_expires_at = $2 WHERE operator_id = $1', [op.id, Date.now() - 1])
    expect((await c.call('opsAudit')).body.code).toBe('unauthorized')
    await c.signIn(op, 1)
    expect((await c.call('opsAudit')).status).toBe(200)
    await sb.db.query('UPDATE operators SET disabled = true WHERE id = $1', [op.id])
    expect((await c.call('opsAudit')).body.code).toBe('unauthorized')
    const other = await newOperator(sb.db, 'owner')
    await sb.db.query('UPDATE operators SET disabled = true WHERE id = $1', [other.id])
    expect((await fresh().signIn(other)).body.code).toBe('invalid_credentials')
  })

  it('locks an operator name after 5 failures, even with the right code, and an address after 20', async () => {
    const op = await newOperator(sb.db, 'finance')
    const c = fresh()
    for (let i = 0; i < 5; i++) expect((await c.call('opsSignIn', { username: op.username, password: 'wrong passphrase', code: '000000' })).body.code).toBe('invalid_credentials')
    const locked = await fresh().signIn(op)
    expect(locked.body.code).toBe('rate_limited')
    expect(locked.body.value).toMatchObject({ retryAfter: expect.any(Number) })

    const address = fresh()
    for (let i = 0; i < 20; i++) await address.call('opsSignIn', { username: `nobody${i}`, password: 'wrong passphrase', code: '000000' })
    const other = await newOperator(sb.db, 'owner')
    expect((await address.signIn(other)).body.code).toBe('rate_limited')
    expect((await fresh().signIn(other)).body.success).toBe(true)
  })
})

describe('roles', () => {
  it('lets finance pay out but not switch maintenance, support only read the audit, and nobody in without a session', async () => {
    const finance = fresh()
    await finance.signIn(await newOperator(sb.db, 'finance'))
    expect((await finance.call('opsWithdrawals')).status).toBe(200)
    expect((await finance.call('opsSetMaintenance', { maintenance: true, idempotencyKey: opsKey() })).body.code).toBe('forbidden')
    expect((await finance.call('opsMaintenance')).status).toBe(403)
    const support = fresh()
    await support.signIn(await newOperator(sb.db, 'support'))
    expect((await support.call('opsWithdrawals')).body.code).toBe('forbidden')
    expect((await support.call('opsApproveWithdrawal', { id: 'wd_x', idempotencyKey: opsKey() })).status).toBe(403)
    expect((await support.call('opsAudit')).status).toBe(200)
    expect((await fresh().call('opsAudit')).status).toBe(401)
    // A change sent as a form (what a cross-site page could send without asking) is refused unread.
    const form = await fetch(`${sb.url}/ops/api/maintenance`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'maintenance=true' })
    expect(form.status).toBe(415)
  })
})

describe('withdrawals queue', () => {
  it('approves and disburses once through the ledger, answers a retry with its key as the first call, and audits before and after', async () => {
    const w = await memberWithWithdrawal(sb.url, sb.db, 300_00)
    const ops = fresh()
    const op = await newOperator(sb.db, 'finance')
    await ops.signIn(op)
    const queue = (await ops.call('opsWithdrawals')).body.value.withdrawals
    expect(queue).toContainEqual(expect.objectContaining({ id: w.withdrawalId, member: w.username, amount: 300_00, status: 'requested', reason: null }))

    const cashBefore = await balanceOf(sb.db, 'house:cash')
    const approveKey = opsKey()
    const approvals = await Promise.all([0, 1, 2].map(() => ops.call('opsApproveWithdrawal', { id: w.withdrawalId, idempotencyKey: approveKey })))
    for (const a of approvals) expect(a.body.value).toMatchObject({ id: w.withdrawalId, status: 'approved' })
    // Another key is another approval: the withdrawal is no longer requested.
    expect((await ops.call('opsApproveWithdrawal', { id: w.withdrawalId, idempotencyKey: opsKey() })).body.code).toBe('conflict')
    // A key already used names one action only.
    expect((await ops.call('opsDisburseWithdrawal', { id: w.withdrawalId, idempotencyKey: approveKey })).body.code).toBe('conflict')

    const payKey = opsKey()
    const paid = await ops.call('opsDisburseWithdrawal', { id: w.withdrawalId, idempotencyKey: payKey })
    expect(paid.body.value).toMatchObject({ status: 'disbursed' })
    expect((await ops.call('opsDisburseWithdrawal', { id: w.withdrawalId, idempotencyKey: payKey })).body.value).toEqual(paid.body.value)
    expect(await balanceOf(sb.db, 'house:cash')).toBe(cashBefore + 300_00)
    expect(await balanceOf(sb.db, holdAccount(w.memberId))).toBe(0)
    expect(await balanceOf(sb.db, memberAccount(w.memberId))).toBe(700_00)
    expect((await ops.call('opsWithdrawals')).body.value.withdrawals.map((x: { id: string }) => x.id)).not.toContain(w.withdrawalId)

    const rows = await auditOf(w.withdrawalId)
    expect(rows).toEqual([
      {
        operator: op.username,
        action: 'withdrawal.approve',
        before: expect.objectContaining({ status: 'requested' }),
        after: expect.objectContaining({ status: 'approved' }),
        ip: expect.stringMatching(/^10\.77\./),
      },
      {
        operator: op.username,
        action: 'withdrawal.disburse',
        before: expect.objectContaining({ status: 'approved' }),
        after: expect.objectContaining({ status: 'disbursed' }),
        ip: expect.stringMatching(/^10\.77\./),
      },
    ])
  })

  it('rejects with a reason, giving the held amount back to the member', async () => {
    const w = await memberWithWithdrawal(sb.url, sb.db, 250_00)
    const ops = fresh()
    await ops.signIn(await newOperator(sb.db, 'owner'))
    const noReason = await ops.call('opsRejectWithdrawal', { id: w.withdrawalId, reason: ' ', idempotencyKey: opsKey() })
    expect(noReason.body.fields).toEqual({ reason: 'admin_err_reason' })
    const r = await ops.call('opsRejectWithdrawal', { id: w.withdrawalId, reason: 'Payee name does not match the bank', idempotencyKey: opsKey() })
    expect(r.body.value).toMatchObject({ status: 'rejected', reason: 'Payee name does not match the bank' })
    expect(await balanceOf(sb.db, memberAccount(w.memberId))).toBe(1_000_00)
    expect(await balanceOf(sb.db, holdAccount(w.memberId))).toBe(0)
    expect((await ops.call('opsApproveWithdrawal', { id: 'wd_none', idempotencyKey: opsKey() })).body.code).toBe('not_found')
  })
})

describe('maintenance', () => {
  it('switches the platform into maintenance while the back office keeps answering, audited with before and after', async () => {
    const owner = fresh()
    const op = await newOperator(sb.db, 'owner')
    await owner.signIn(op)
    const member = client(sb.url)
    try {
      const key = opsKey()
      expect((await owner.call('opsSetMaintenance', { maintenance: true, idempotencyKey: key })).body.value).toEqual({ maintenance: true })
      expect((await owner.call('opsSetMaintenance', { maintenance: true, idempotencyKey: key })).body.value).toEqual({ maintenance: true })
      expect((await member.call('status', {})).body.value).toMatchObject({ systemStatus: 1 })
      expect((await member.call('balance', {})).body.code).toBe('maintenance')
      expect((await owner.call('opsMaintenance')).body.value).toEqual({ maintenance: true })
      const page = (await owner.call('opsAudit', { limit: 5 })).body.value
      expect(page.entries[0]).toMatchObject({ operator: op.username, action: 'maintenance.set', target: 'system', before: { maintenance: false }, after: { maintenance: true } })
      expect((await auditOf('system')).filter((r) => r.operator === op.username)).toHaveLength(1)
    } finally {
      await owner.call('opsSetMaintenance', { maintenance: false, idempotencyKey: opsKey() })
    }
    expect((await member.call('status', {})).body.value).toMatchObject({ systemStatus: 0 })
  })

  it('pages the audit newest first', async () => {
    const ops = fresh()
    for (let i = 0; i < 3; i++) await fresh().signIn(await newOperator(sb.db, 'support'))
    await ops.signIn(await newOperator(sb.db, 'content'))
    const first = (await ops.call('opsAudit', { limit: 2 })).body.value
    expect(first.entries).toHaveLength(2)
    const next = (await ops.call('opsAudit', { limit: 2, before: first.next })).body.value
    expect(Number(next.entries[0].id)).toBeLessThan(Number(first.entries[1].id))
  })
})
