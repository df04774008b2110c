/**
 * Test support for the back office (unit tests and the browser journey): an operator created through
 * the code `npm run operator:create` runs, the code its authenticator app would show, a client that
 * keeps the operator's session cookie, a member with a withdrawal waiting and one with a redeem waiting.
 * @module
 */
import { randomUUID } from 'node:crypto'
import { backofficeRoutes, type BackofficeKey } from '../../sdk/contract/all.ts'
import { client } from '../auth/testkit.ts'
import { createHasher, testCost } from '../auth/password.ts'
import { createMember } from '../auth/accounts.ts'
import { createSession } from '../auth/sessions.ts'
import type { Db } from '../db/index.ts'
import { creditMember } from '../ledger.ts'
import { redeem } from '../rewards/mall.ts'
import { addPoints } from '../rewards/points.ts'
import { createOperator, type CreatedOperator, type OperatorKeys } from './operators.ts'
import { developmentKey } from './secret-box.ts'
import { stepOf, totpCode } from './totp.ts'
import type { OperatorRole } from '../../sdk/contract/all.ts'

/** What test operators are created with: the tests' hashing cost and the development key the test sandboxes use. */
export const testOperatorKeys = (): OperatorKeys => ({ hasher: createHasher({ cost: testCost }), secretKey: developmentKey() })

/** The password every test operator gets. */
export const operatorPassword = 'a long operator passphrase'

let n = 0
/** A new operator with `role`, created as the command creates one (at the tests' hashing cost). */
export async function newOperator(db: Db, role: OperatorRole, now = Date.now()): Promise<CreatedOperator> {
  return createOperator(db, testOperatorKeys(), { username: `op${role}${process.pid % 1000}x${n++}`, role, password: operatorPassword }, now, 'Lobbykit')
}

/** The code the operator's authenticator app shows at `now`, `ahead` steps later. */
export const codeAt = (secret: string, now = Date.now(), ahead = 0): string => totpCode(secret, stepOf(now) + ahead)

/** What a back-office call answered. */
export interface OpsReply {
  status: number
  body: { success: boolean; code: string; message: string; value?: any; fields?: Record<string, string> }
  setCookie: string | null
}

/** A client of the back-office API that keeps its session cookie, acting from `ip` (X-Forwarded-For). */
export function opsClient(url: string, ip = '127.0.0.1') {
  let cookie = ''
  return {
    async call(key: BackofficeKey, input: Record<string, unknown> = {}): Promise<OpsReply> {
      const ep = backofficeRoutes[key]
      const headers: Record<string, string> = { 'X-Forwarded-For': ip }
      if (cookie) headers.Cookie = cookie
      let path = ep.path
      let body: string | undefined
      if (ep.method === 'GET') {
        const qs = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))
        if ([...qs].length) path += `?${qs}`
      } else {
        headers['Content-Type'] = 'application/json'
        body = JSON.stringify(input)
      }
      const res = await fetch(`${url}${path}`, { method: ep.method, headers, body })
      const setCookie = res.headers.get('set-cookie')
      if (setCookie) cookie = setCookie.split(';')[0].endsWith('=') ? '' : setCookie.split(';')[0]
      return { status: res.status, body: (await res.json()) as OpsReply['body'], setCookie }
    },
    /** The session cookie held (`name=value`), empty when signed out. */
    cookie: () => cookie,
    /** Signs in with the operator's password and the code of the current step (`ahead` steps later). */
    signIn(op: CreatedOperator, ahead = 0): Promise<OpsReply> {
      return this.call('opsSignIn', { username: op.username, password: operatorPassword, code: codeAt(op.totpSecret, Date.now(), ahead) })
    },
  }
}

/** A fresh idempotency key. */
export const opsKey = (): string => `k${randomUUID().replace(/-/g, '')}`

/**
 * A member (real name, payment password 123456, a bank account, `balance` minor units) who requested a
 * withdrawal of `amount`, through the member API; resolves the member and the withdrawal's id.
 */
export async function memberWithWithdrawal(url: string, db: Db, amount: number, balance = 1_000_00): Promise<{ memberId: string; username: string; withdrawalId: string }> {
  const c = client(url)
  const username = `wd${Date.now() % 100000}${n++}`
  const row = await createMember(db, { username, type: 0, isAgent: 0, passwordHash: null }, Date.now())
  await creditMember(db, row.id, balance, { idempotencyKey: `seed:${row.id}` })
  const token = await createSession(db, row.id, Date.now(), '127.0.0.1')
  await c.call('setRealName', { realName: 'juan dela cruz' }, { token })
  await c.call('setPaymentPassword', { newPassword: '123456', confirmNewPassword: '123456' }, { token })
  const accounts = await c.call('addPayoutAccount', { kind: 'bank', provider: 'BDO', accountNo: '1234567890' }, { token })
  const accountId = (accounts.body.value as { accounts: { id: string }[] }).accounts[0].id
  const w = await c.call('requestWithdrawal', { amount, accountId, paymentPassword: '123456', idempotencyKey: opsKey() }, { token })
  if (!w.body.success) throw new Error(`withdrawal not requested: ${w.body.code} ${w.body.message}`)
  return { memberId: row.id, username, withdrawalId: (w.body.value as { id: string }).id }
}

/** A new member who redeemed the 5.00 cash voucher (50 points, given to them), waiting for approval. */
export async function memberWithRedeem(db: Db): Promise<{ memberId: string; username: string; redeemId: string }> {
  const username = `rw${Date.now() % 100000}${n++}`
  const row = await createMember(db, { username, type: 0, isAgent: 0, passwordHash: null }, Date.now())
  await db.tx((q) => addPoints(q, { key: `grant:${row.id}`, memberId: row.id, delta: 50, reason: 'adjust', at: Date.now() }))
  const made = await redeem(db, row.id, 'R-CASH-5', opsKey(), 'en', Date.now())
  return { memberId: row.id, username, redeemId: made.id }
}
