import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { developmentKey, sealOperatorSecrets, secretKey, unseal } from './secret-box.ts'
import { codeAt, newOperator, opsClient, opsKey } from './testkit.ts'

const { sb } = sandboxForFile()
let ips = 0
/** A client acting from its own address, so address limits of one test do not reach another. */
const fresh = () => opsClient(sb.url, `10.79.0.${++ips}`)
const auditOf = (target: string) =>
  sb.db.query<{ operator: string; action: string; before: unknown; after: unknown }>('SELECT operator, action, before, after FROM operator_audit WHERE target = $1 ORDER BY id', [
    target,
  ])
/** Every other active owner disabled, so `id` is the last one (tests run in any order on one database). */
const onlyOwner = (id: string) => sb.db.query("UPDATE operators SET disabled = true WHERE role = 'owner' AND id <> $1", [id])

describe('operators managed by an owner', () => {
  it('creates an operator whose first password and secret sign in, shows them once, and audits no secret', async () => {
    const owner = fresh()
    const op = await newOperator(sb.db, 'owner')
    await owner.signIn(op)
    const username = `made${process.pid % 1000}${ips}`
    const key = opsKey()
    const made = await owner.call('opsCreateOperator', { username, role: 'support', idempotencyKey: key })
    expect(made.body.value).toMatchObject({
      operator: { username, role: 'support', disabled: false },
      password: expect.stringMatching(/^([a-z2-7]{4}-){5}[a-z2-7]{4}$/),
      totpSecret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      otpauthUri: expect.stringContaining(`:${username}?secret=`),
    })
    const { password, totpSecret } = made.body.value
    // The new operator signs in with them.
    const newcomer = fresh()
    const signIn = await newcomer.call('opsSignIn', { username, password, code: codeAt(totpSecret) })
    expect(signIn.body.value).toEqual({ username, role: 'support' })
    // The same call again does not show them again; the name is taken in any case.
    expect((await owner.call('opsCreateOperator', { username, role: 'support', idempotencyKey: key })).body.code).toBe('conflict')
    const taken = await owner.call('opsCreateOperator', { username: username.toUpperCase(), role: 'finance', idempotencyKey: opsKey() })
    expect(taken.body.fields).toEqual({ username: 'admin_err_username_taken' })

    const list = (await owner.call('opsOperators')).body.value.operators
    expect(list).toContainEqual(expect.objectContaining({ username, role: 'support', disabled: false }))
    expect(JSON.stringify(list)).not.toContain(totpSecret)
    const rows = await auditOf(username)
    expect(rows[0]).toEqual({ operator: op.username, action: 'operator.create', before: null, after: { username, role: 'support', disabled: false } })
    expect(JSON.stringify(rows)).not.toContain(password)
    expect(JSON.stringify(rows)).not.toContain(totpSecret)
  })

  it('changes a role and disables an operator (its session ends at once), audited with before and after', async () => {
    const owner = fresh()
    const op = await newOperator(sb.db, 'owner')
    await owner.signIn(op)
    const staff = await newOperator(sb.db, 'support')
    const staffClient = fresh()
    await staffClient.signIn(staff)
    expect((await staffClient.call('opsMembers', {})).status).toBe(200)

    const role = await owner.call('opsSetOperatorRole', { id: staff.id, role: 'finance', idempotencyKey: opsKey() })
    expect(role.body.value).toMatchObject({ username: staff.username, role: 'finance' })
    // The new role applies at the staff member's next call.
    expect((await staffClient.call('opsMembers', {})).status).toBe(403)
    expect((await staffClient.call('opsWithdrawals')).status).toBe(200)
    expect((await owner.call('opsSetOperatorRole', { id: staff.id, role: 'finance', idempotencyKey: opsKey() })).body.code).toBe('conflict')

    const off = await owner.call('opsSetOperatorDisabled', { id: staff.id, disabled: true, idempotencyKey: opsKey() })
    expect(off.body.value).toMatchObject({ disabled: true })
    expect((await staffClient.call('opsWithdrawals')).body.code).toBe('unauthorized')
    expect((await fresh().signIn(staff, 1)).body.code).toBe('invalid_credentials')

    expect((await auditOf(staff.username)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['session.sign_in', null, null],
      ['operator.role', expect.objectContaining({ role: 'support' }), expect.objectContaining({ role: 'finance' })],
      ['operator.disable', expect.objectContaining({ disabled: false }), expect.objectContaining({ disabled: true })],
    ])
    // Only owners manage operators.
    const finance = fresh()
    await finance.signIn(await newOperator(sb.db, 'finance'))
    expect((await finance.call('opsOperators')).status).toBe(403)
    expect((await finance.call('opsSetOperatorDisabled', { id: op.id, disabled: true, idempotencyKey: opsKey() })).body.code).toBe('forbidden')
  })

  it('never demotes or disables the last active owner, even two owners at once', async () => {
    const a = await newOperator(sb.db, 'owner')
    const b = await newOperator(sb.db, 'owner')
    await onlyOwner(a.id)
    await sb.db.query('UPDATE operators SET disabled = false WHERE id = $1', [b.id])
    const ca = fresh()
    const cb = fresh()
    await ca.signIn(a)
    await cb.signIn(b)
    // Each demotes the other at the same moment: one of them stays owner.
    const [x, y] = await Promise.all([
      ca.call('opsSetOperatorRole', { id: b.id, role: 'support', idempotencyKey: opsKey() }),
      cb.call('opsSetOperatorRole', { id: a.id, role: 'support', idempotencyKey: opsKey() }),
    ])
    expect([x.body.success, y.body.success].sort()).toEqual([false, true])
    // The other is refused: by the last-owner rule when both were checked as owners, or as no longer
    // an owner when the first demotion came before its own call.
    const refused = x.body.success ? y : x
    expect(['conflict', 'forbidden']).toContain(refused.body.code)
    if (refused.body.code === 'conflict') expect(refused.body.fields).toEqual({ role: 'admin_err_last_owner' })
    const [{ n }] = await sb.db.query<{ n: string | number }>("SELECT count(*) AS n FROM operators WHERE role = 'owner' AND NOT disabled")
    expect(Number(n)).toBe(1)

    const last = x.body.success ? a : b
    const lastClient = x.body.success ? ca : cb
    const self = await lastClient.call('opsSetOperatorDisabled', { id: last.id, disabled: true, idempotencyKey: opsKey() })
    expect(self.body).toMatchObject({ code: 'conflict', fields: { disabled: 'admin_err_last_owner' } })
    expect((await lastClient.call('opsSetOperatorRole', { id: last.id, role: 'finance', idempotencyKey: opsKey() })).body.code).toBe('conflict')
  })
})

describe('TOTP secrets at rest', () => {
  it('are stored sealed and bound to their operator, and the database refuses one in the clear', async () => {
    const op = await newOperator(sb.db, 'support')
    const [row] = await sb.db.query<{ totp_secret: string }>('SELECT totp_secret FROM operators WHERE id = $1', [op.id])
    expect(row.totp_secret).toMatch(/^v1\./)
    expect(row.totp_secret).not.toContain(op.totpSecret)
    expect(unseal(developmentKey(), row.totp_secret, op.id)).toBe(op.totpSecret)
    // Moved onto another operator's row, it does not open: that operator cannot sign in with it.
    const other = await newOperator(sb.db, 'support')
    await sb.db.query('UPDATE operators SET totp_secret = $2 WHERE id = $1', [other.id, row.totp_secret])
    expect(() => unseal(developmentKey(), row.totp_secret, other.id)).toThrow(/does not open/)
    // The database refuses a secret written in the clear.
    await expect(sb.db.query('UPDATE operators SET totp_secret = $2 WHERE id = $1', [op.id, op.totpSecret])).rejects.toThrow(/operators_totp_sealed/)
  })

  it('seals at start a secret written in the clear before, which then signs in, and a start with another key stops', async () => {
    const op = await newOperator(sb.db, 'content')
    // The database as the migration leaves one written before: a secret in the clear, the rule not yet checked.
    await sb.db.tx(async (q) => {
      await q.query('ALTER TABLE operators DROP CONSTRAINT operators_totp_sealed')
      await q.query('UPDATE operators SET totp_secret = $2 WHERE id = $1', [op.id, op.totpSecret])
      await q.query("ALTER TABLE operators ADD CONSTRAINT operators_totp_sealed CHECK (totp_secret LIKE 'v1.%') NOT VALID")
    })
    await sealOperatorSecrets(sb.db, developmentKey())
    const [row] = await sb.db.query<{ totp_secret: string }>('SELECT totp_secret FROM operators WHERE id = $1', [op.id])
    expect(unseal(developmentKey(), row.totp_secret, op.id)).toBe(op.totpSecret)
    const [rule] = await sb.db.query<{ convalidated: boolean }>("SELECT convalidated FROM pg_constraint WHERE conname = 'operators_totp_sealed'")
    expect(rule.convalidated).toBe(true)
    expect((await fresh().signIn(op)).body.value).toEqual({ username: op.username, role: 'content' })
    await expect(sealOperatorSecrets(sb.db, secretKey('another key of thirty-two characters or more'))).rejects.toThrow(
      "OPERATOR_SECRET_KEY is not the key the operators' TOTP secrets were sealed with",
    )
  })
})
