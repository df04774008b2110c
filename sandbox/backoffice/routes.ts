/**
 * The operator back office's API (`/ops/api/*`, sdk/contract/routes/backoffice.ts), present in
 * production too. Each call's input is checked by the contract's request schema, its operator read
 * from the session cookie and its role checked against the contract's `operatorPermissions`; it
 * answers during maintenance (an operator is who switches it off). Changes must be sent as JSON
 * (a cross-site form cannot), on top of the cookie's SameSite=Strict.
 * @module
 */
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { backofficeRequests, backofficeRoutes, mayDo, type BackofficeKey, type BackofficeReply, type OperatorArea, type PublishStatus } from '../../sdk/contract/all.ts'
import { clientIp } from '../http/address.ts'
import { parseJson, queryObject, readBody } from '../http/body.ts'
import type { Deps } from '../http/context.ts'
import { Fail, failResponse, invalid } from '../http/fail.ts'
import { jsonOnly } from '../http/json-only.ts'
import { reportError } from '../http/report.ts'
import { release, reserve, seconds, type Charge, type Limit } from '../auth/ratelimit.ts'
import { auditBy, decide, maintenanceOn, replayed, switchMaintenance, withdrawalQueue, type Actor } from './actions.ts'
import { liveEditorPath } from '../content/live.ts'
import { listAudit, recordAudit } from './audit-log.ts'
import { decideReward, rewardQueue } from './rewards.ts'
import { operatorNamed } from './operators.ts'
import { endOperatorSession, openOperatorSession, operatorOfCookie, type OperatorSession } from './sessions.ts'
import { matchingStep } from './totp.ts'
import { addMemberNote, memberDetail, searchMembers, setMemberLock } from './members.ts'
import { createByOwner, listOperators, setOperatorDisabled, setOperatorRole } from './operator-admin.ts'
import { unseal } from './secret-box.ts'
import { changeSettings, readSettings, regionOn, switchRegion } from './platform-settings.ts'
import { getSetting } from '../settings.ts'
import { brand as demoBrand } from '../seed/config.ts'
import { markConversationSeen, replyAsOperator, serviceConversations, serviceThread } from './service-console.ts'
import { serviceStream } from './service-stream.ts'
import { beginNewAuthenticator, changeOwnPassword, confirmNewAuthenticator, type AccountKeys } from './my-account.ts'

/** Sign-in limits: failed attempts per operator name and per address, counted before the secret is checked. */
export const operatorLimits = {
  account: { bucket: 'operator_signin_account', max: 5, windowMs: 15 * 60_000 },
  address: { bucket: 'operator_signin_ip', max: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>

/** What a back-office handler is given. */
interface OpsCall {
  c: Context
  ip: string
  now: number
  /** The operator of the cookie (null only on the sign-in). */
  operator: OperatorSession
  /** The operator acting with the call's idempotency key (actions only). */
  actor: (key: string) => Actor
}

type Handler<K extends BackofficeKey> = (input: v.InferOutput<(typeof backofficeRequests)[K]>, call: OpsCall) => Promise<BackofficeReply<K>>

/** Who may call: anyone (the sign-in), any operator signed in, or the roles of an area. */
type Access = 'anyone' | 'operator' | OperatorArea

async function inputOf<K extends BackofficeKey>(c: Context, key: K): Promise<v.InferOutput<(typeof backofficeRequests)[K]>> {
  const raw = c.req.method === 'GET' ? queryObject(new URL(c.req.url).searchParams) : await readBody(c.req.raw).then((t) => (t.trim() ? parseJson(t) : {}))
  const parsed = v.safeParse(backofficeRequests[key], raw)
  if (!parsed.success) throw invalid(parsed.issues)
  return parsed.output as v.InferOutput<(typeof backofficeRequests)[K]>
}

/** Registers `/ops/api/*`. */
export function registerBackofficeRoutes(app: Hono, deps: Deps): void {
  app.use('/ops/api/*', jsonOnly)
  const secure = deps.production

  function route<K extends BackofficeKey>(key: K, access: Access, fn: Handler<K>): void {
    const ep = backofficeRoutes[key]
    app.on(ep.method, ep.path, async (c) => {
      try {
        const now = deps.now()
        const ip = clientIp(c, deps.trustedProxies)
        let operator: OperatorSession | null = null
        if (access !== 'anyone') {
          operator = await operatorOfCookie(c, deps.db, now)
          if (!operator) throw new Fail('unauthorized', 'Sign in to the back office.')
          if (access !== 'operator' && !mayDo(operator.role, access)) throw new Fail('forbidden', `The ${operator.role} role may not do this.`)
        }
        const input = await inputOf(c, key)
        const signedIn = operator as OperatorSession
        const value = await fn(input, { c, ip, now, operator: signedIn, actor: (idempotencyKey) => ({ operator: signedIn, ip, now, idempotencyKey }) })
        if (!deps.production) {
          const check = v.safeParse(ep.response, value)
          if (!check.success) throw new Error(`reply of ${key} breaks the contract: ${check.issues[0].message}`)
        }
        return c.json({ success: true, code: 'ok', message: '', value })
      } catch (err) {
        if (err instanceof Fail) return failResponse(c, err)
        reportError(c, `${ep.method} ${ep.path}`, err)
        return failResponse(c, new Fail('server_error'))
      }
    })
  }

  route('opsSignIn', 'anyone', async ({ username, password, code }, { c, ip, now }) => {
    const charges: Charge[] = [
      { limit: operatorLimits.account, key: username.toLowerCase() },
      { limit: operatorLimits.address, key: ip },
    ]
    // Counted before the secret is checked: parallel guesses cannot all pass the limit.
    const full = await reserve(deps.db, charges, now)
    if (full) throw new Fail('rate_limited', `Too many sign-in attempts: try again in ${seconds(full.wait)} s`, { value: { retryAfter: seconds(full.wait) } })
    const refused = new Fail('invalid_credentials', 'Wrong username, password or code.')
    const row = await operatorNamed(deps.db, username)
    if (!row || row.disabled) {
      // As slow as a wrong password: the answer does not tell which names exist.
      await deps.hasher.dummy(password, `ip:${ip}`)
      throw refused
    }
    if (!(await deps.hasher.verify(password, row.password_hash, `ip:${ip}`))) throw refused
    const step = matchingStep(unseal(deps.operatorKey, row.totp_secret, row.id), code, now, Number(row.totp_last_step))
    if (step === null) throw refused
    // The code is spent: one conditional update, so two sign-ins with one code cannot both pass.
    const claimed = await deps.db.query('UPDATE operators SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2 RETURNING id', [row.id, step])
    if (claimed.length === 0) throw refused
    await release(deps.db, charges, now)
    await deps.db.tx(async (q) => {
      await openOperatorSession(c, q, row.id, ip, now, secure)
      await recordAudit(q, { operatorId: row.id, operator: row.username, action: 'session.sign_in', target: row.username, before: null, after: null, ip, at: now })
    })
    return { username: row.username, role: row.role }
  })

  route('opsSignOut', 'operator', async (_input, { c, ip, now, operator }) => {
    await recordAudit(deps.db, {
      operatorId: operator.id,
      operator: operator.username,
      action: 'session.sign_out',
      target: operator.username,
      before: null,
      after: null,
      ip,
      at: now,
    })
    await endOperatorSession(c, deps.db, now, secure)
    return {}
  })

  route('opsMe', 'anyone', async (_input, { c, now }) => {
    const operator = await operatorOfCookie(c, deps.db, now)
    return operator && { username: operator.username, role: operator.role }
  })

  route('opsWithdrawals', 'withdrawals', async () => ({ withdrawals: await withdrawalQueue(deps.db) }))
  route('opsApproveWithdrawal', 'withdrawals', async ({ id, idempotencyKey }, { actor }) => decide(deps.db, actor(idempotencyKey), id, 'approve'))
  route('opsRejectWithdrawal', 'withdrawals', async ({ id, reason, idempotencyKey }, { actor }) => decide(deps.db, actor(idempotencyKey), id, 'reject', reason))
  route('opsDisburseWithdrawal', 'withdrawals', async ({ id, idempotencyKey }, { actor }) => decide(deps.db, actor(idempotencyKey), id, 'disburse'))

  route('opsRewards', 'rewards', async () => ({ rewards: await rewardQueue(deps.db) }))
  route('opsApproveReward', 'rewards', async ({ kind, id, idempotencyKey }, { actor }) => decideReward(deps.db, actor(idempotencyKey), kind, id, 'approve'))
  route('opsRejectReward', 'rewards', async ({ kind, id, reason, idempotencyKey }, { actor }) => decideReward(deps.db, actor(idempotencyKey), kind, id, 'reject', reason))

  route('opsMaintenance', 'maintenance', async () => ({ maintenance: await maintenanceOn(deps.db) }))
  route('opsSetMaintenance', 'maintenance', async ({ maintenance, idempotencyKey }, { actor }) => switchMaintenance(deps.db, actor(idempotencyKey), maintenance))

  route('opsRegion', 'maintenance', async () => ({ regionRestriction: await regionOn(deps.db) }))
  route('opsSetRegion', 'maintenance', async ({ regionRestriction, idempotencyKey }, { actor }) => switchRegion(deps.db, actor(idempotencyKey), regionRestriction))
  route('opsSettings', 'settings', async () => readSettings(deps.db))
  route('opsSetSettings', 'settings', async ({ idempotencyKey, ...next }, { actor }) => changeSettings(deps.db, actor(idempotencyKey), next))
  route('opsMembers', 'members', async ({ q, page, pageSize }) => searchMembers(deps.db, q, page, pageSize))
  route('opsMember', 'members', async ({ id }, { now }) => memberDetail(deps.db, id, now))
  route('opsSetMemberLock', 'members', async ({ id, locked, reason, idempotencyKey }, { actor }) => setMemberLock(deps.db, actor(idempotencyKey), id, locked, reason))
  route('opsAddMemberNote', 'members', async ({ id, text, idempotencyKey }, { actor }) => addMemberNote(deps.db, actor(idempotencyKey), id, text))

  route('opsOperators', 'operators', async () => ({ operators: await listOperators(deps.db) }))
  route('opsCreateOperator', 'operators', async ({ username, role, idempotencyKey }, { actor }) => {
    // The authenticator app lists the account under the brand's name, as configured.
    const issuer = (await getSetting(deps.db, 'brand', demoBrand)).name
    return createByOwner(deps.db, { hasher: deps.hasher, secretKey: deps.operatorKey }, actor(idempotencyKey), username, role, issuer)
  })
  route('opsSetOperatorRole', 'operators', async ({ id, role, idempotencyKey }, { actor }) => setOperatorRole(deps.db, actor(idempotencyKey), id, role))
  route('opsSetOperatorDisabled', 'operators', async ({ id, disabled, idempotencyKey }, { actor }) => setOperatorDisabled(deps.db, actor(idempotencyKey), id, disabled))
  route('opsConversations', 'service', async () => ({ conversations: await serviceConversations(deps.db) }))
  route('opsConversation', 'service', async ({ id, after }) => serviceThread(deps.db, id, after))
  route('opsServiceReply', 'service', async ({ id, body, idempotencyKey }, { actor }) => replyAsOperator(deps.db, actor(idempotencyKey), id, body))
  route('opsServiceSeen', 'service', async ({ id, upTo }) => markConversationSeen(deps.db, id, upTo))
  app.get(backofficeRoutes.opsServiceStream.path, (c) => serviceStream(c, deps))

  const accountKeys: AccountKeys = { hasher: deps.hasher, secretKey: deps.operatorKey, attempts: operatorLimits.account }
  route('opsChangePassword', 'account', async ({ currentPassword, newPassword, code, idempotencyKey }, { actor }) =>
    changeOwnPassword(deps.db, accountKeys, actor(idempotencyKey), currentPassword, newPassword, code),
  )
  route('opsNewAuthenticator', 'account', async ({ currentPassword, code, idempotencyKey }, { actor }) => {
    const issuer = (await getSetting(deps.db, 'brand', demoBrand)).name
    return beginNewAuthenticator(deps.db, accountKeys, actor(idempotencyKey), currentPassword, code, issuer)
  })
  route('opsConfirmAuthenticator', 'account', async ({ code, idempotencyKey }, { actor }) => confirmNewAuthenticator(deps.db, accountKeys, actor(idempotencyKey), code))
  // Publish: the site rebuilt from the edited content in the background and swapped in (sandbox/content/live.ts).
  const publisher = () => {
    if (!deps.liveContent) throw new Fail('not_enabled', 'The content editor is not set up on this server.')
    return deps.liveContent.publisher
  }
  route('opsPublishStatus', 'content', async () => ({ ...publisher().status, editor: liveEditorPath }))
  route('opsPublish', 'content', async ({ idempotencyKey }, { actor }) => {
    const act = actor(idempotencyKey)
    const earlier = await replayed<PublishStatus>(deps.db, act, 'content.publish', 'site')
    if (earlier) return earlier
    const p = publisher()
    const before = p.status
    const started = p.start(act.operator.username)
    const after = { ...p.status, started, editor: liveEditorPath }
    // A press while a build runs starts nothing and records nothing: it answers the build under way.
    if (started) await auditBy(deps.db, act, 'content.publish', 'site', { state: before.state }, after)
    return after
  })
  route('opsAudit', 'audit', async ({ before, limit }) => listAudit(deps.db, before, limit))
}
