import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { developmentKey, unseal } from './secret-box.ts'
import { PENDING_TOTP_MS } from './my-account.ts'
import { codeAt, newOperator, operatorPassword, opsClient, opsKey } from './testkit.ts'
import type { CreatedOperator } from './operators.ts'

// The sandbox's clock is the test's: each authenticator code is of a step the test chooses.
let clock = Date.now()
const { sb } = sandboxForFile({ now: () => clock })
let ips = 0
const fresh = () => opsClient(sb.url, `10.39.0.${++ips}`)
/** The next 30-second step: a code of it has not been used yet. */
const nextStep = () => {
  clock += 30_000
}

async function signIn(op: CreatedOperator, password = operatorPassword, secret = op.totpSecret) {
  const ops = fresh()
  const r = await ops.call('opsSignIn', { username: op.username, password, code: codeAt(secret, clock) })
  return { ops, ok: r.body.success, code: r.body.code }
}

const auditOf = (target: string) =>
  sb.db.query<{ action: string; before: unknown; after: unknown }>("SELECT action, before, after FROM operator_audit WHERE target = $1 AND action LIKE 'operator.%' ORDER BY id", [
    target,
  ])

describe("an operator's own password", () => {
  it('changes with the current password and a code, keeps this session, signs the others out, and is audited without a password', async () => {
    const op = await newOperator(sb.db, 'finance', clock)
    const here = await signIn(op)
    nextStep()
    const elsewhere = await signIn(op)
    expect((await elsewhere.ops.call('opsWithdrawals')).status).toBe(200)
    nextStep()
    const newPassword = 'a brand new operator passphrase'

    // Refused: a wrong current password, a code that is not the authenticator's, a password under the rule.
    const wrong = await here.ops.call('opsChangePassword', { currentPassword: 'not it at all', newPassword, code: codeAt(op.totpSecret, clock), idempotencyKey: opsKey() })
    expect(wrong.body.code).toBe('invalid_credentials')
    const badCode = await here.ops.call('opsChangePassword', { currentPassword: operatorPassword, newPassword, code: '000000', idempotencyKey: opsKey() })
    expect(badCode.body.code).toBe('invalid_credentials')
    const short = await here.ops.call('opsChangePassword', {
      currentPassword: operatorPassword,
      newPassword: 'too short',
      code: codeAt(op.totpSecret, clock),
      idempotencyKey: opsKey(),
    })
    expect(short.body).toMatchObject({ code: 'validation_failed', fields: { newPassword: 'admin_err_password_short' } })

    const changed = await here.ops.call('opsChangePassword', { currentPassword: operatorPassword, newPassword, code: codeAt(op.totpSecret, clock), idempotencyKey: opsKey() })
    expect(changed.body.value).toEqual({ otherSessionsEnded: 1 })
    // This session goes on; the other one is signed out.
    expect((await here.ops.call('opsWithdrawals')).status).toBe(200)
    expect((await elsewhere.ops.call('opsWithdrawals')).body.code).toBe('unauthorized')

    nextStep()
    expect((await signIn(op)).code).toBe('invalid_credentials')
    nextStep()
    expect((await signIn(op, newPassword)).ok).toBe(true)

    const rows = await auditOf(op.username)
    expect(rows).toEqual([{ action: 'operator.password', before: { password: 'old' }, after: { password: 'new', otherSessionsEnded: 1 } }])
    expect(JSON.stringify(rows)).not.toContain(newPassword)
  })

  it('counts wrong current passwords against the sign-in limit of the operator', async () => {
    const op = await newOperator(sb.db, 'content', clock)
    const { ops } = await signIn(op)
    const codes: string[] = []
    for (let i = 0; i < 6; i++) {
      const r = await ops.call('opsChangePassword', { currentPassword: `guess number ${i}`, newPassword: 'another long passphrase', code: '123456', idempotencyKey: opsKey() })
      codes.push(r.body.code)
    }
    expect(codes).toEqual(['invalid_credentials', 'invalid_credentials', 'invalid_credentials', 'invalid_credentials', 'invalid_credentials', 'rate_limited'])
  })
})

describe("an operator's own authenticator", () => {
  it('shows a new secret once, takes effect only with a code from it, and is audited without the secret', async () => {
    const op = await newOperator(sb.db, 'support', clock)
    const { ops } = await signIn(op)
    nextStep()
    const wrong = await ops.call('opsNewAuthenticator', { currentPassword: 'not the password', code: codeAt(op.totpSecret, clock), idempotencyKey: opsKey() })
    expect(wrong.body.code).toBe('invalid_credentials')
    const key = opsKey()
    const started = await ops.call('opsNewAuthenticator', { currentPassword: operatorPassword, code: codeAt(op.totpSecret, clock), idempotencyKey: key })
    expect(started.body.value).toMatchObject({ totpSecret: expect.stringMatching(/^[A-Z2-7]{32}$/), otpauthUri: expect.stringContaining(`:${op.username}?secret=`) })
    const fresh = started.body.value.totpSecret as string
    // Shown once: the same call again does not show it again.
    expect((await ops.call('opsNewAuthenticator', { currentPassword: operatorPassword, code: codeAt(op.totpSecret, clock), idempotencyKey: key })).body.code).toBe('conflict')

    // Held sealed, bound to the operator, never in the clear.
    const [row] = await sb.db.query<{ totp_secret: string; totp_pending_secret: string }>('SELECT totp_secret, totp_pending_secret FROM operators WHERE id = $1', [op.id])
    expect(row.totp_pending_secret).toMatch(/^v1\./)
    expect(row.totp_pending_secret).not.toContain(fresh)
    expect(unseal(developmentKey(), row.totp_pending_secret, op.id)).toBe(fresh)
    await expect(sb.db.query('UPDATE operators SET totp_pending_secret = $2 WHERE id = $1', [op.id, fresh])).rejects.toThrow(/operators_totp_pending_sealed/)

    // Not in effect yet: the current authenticator still signs in, the new one does not.
    nextStep()
    expect((await signIn(op, operatorPassword, fresh)).code).toBe('invalid_credentials')
    nextStep()
    expect((await signIn(op)).ok).toBe(true)
    // A code of the current authenticator does not confirm the new one.
    nextStep()
    const notNew = await ops.call('opsConfirmAuthenticator', { code: codeAt(op.totpSecret, clock), idempotencyKey: opsKey() })
    expect(notNew.body).toMatchObject({ code: 'invalid_credentials', fields: { code: 'admin_err_new_code' } })
    expect((await ops.call('opsConfirmAuthenticator', { code: codeAt(fresh, clock), idempotencyKey: opsKey() })).body.value).toEqual({ replaced: true })

    nextStep()
    expect((await signIn(op)).code).toBe('invalid_credentials')
    expect((await signIn(op, operatorPassword, fresh)).ok).toBe(true)
    const [after] = await sb.db.query<{ totp_secret: string; totp_pending_secret: string | null }>('SELECT totp_secret, totp_pending_secret FROM operators WHERE id = $1', [op.id])
    expect(after.totp_pending_secret).toBeNull()
    expect(unseal(developmentKey(), after.totp_secret, op.id)).toBe(fresh)

    const rows = await auditOf(op.username)
    expect(rows.map((r) => r.action)).toEqual(['operator.authenticator_start', 'operator.authenticator'])
    expect(rows[1]).toMatchObject({ before: { authenticator: 'previous' }, after: { authenticator: 'new' } })
    expect(JSON.stringify(rows)).not.toContain(fresh)
    expect(JSON.stringify(rows)).not.toContain(op.totpSecret)
  })

  it('drops a new secret not confirmed in time: the current authenticator stays', async () => {
    const op = await newOperator(sb.db, 'owner', clock)
    const { ops } = await signIn(op)
    nextStep()
    const started = await ops.call('opsNewAuthenticator', { currentPassword: operatorPassword, code: codeAt(op.totpSecret, clock), idempotencyKey: opsKey() })
    const fresh = started.body.value.totpSecret as string
    // Keep the session alive past the wait by calling on the way.
    for (let spent = 0; spent <= PENDING_TOTP_MS; spent += 5 * 60_000) {
      clock += 5 * 60_000
      expect((await ops.call('opsMe')).body.value).not.toBeNull()
    }
    const late = await ops.call('opsConfirmAuthenticator', { code: codeAt(fresh, clock), idempotencyKey: opsKey() })
    expect(late.body).toMatchObject({ code: 'conflict', fields: { code: 'admin_err_no_new_authenticator' } })
    nextStep()
    expect((await signIn(op)).ok).toBe(true)
  })
})
