/**
 * Operators managed by an owner in the back office: the list, a new operator (its first password and
 * TOTP secret answered once), a role changed, an operator disabled or enabled again. The platform
 * always keeps one active owner: the last one can be neither demoted nor disabled. Each change is
 * audited in its own transaction ({@link audited}); no audit row holds a password or a secret.
 * @module
 */
import { randomBytes } from 'node:crypto'
import type { OperatorCreated, OperatorListItem, OperatorRole } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { type Actor, auditBy, audited } from './actions.ts'
import { actionOfKey } from './audit-log.ts'
import { createOperator, OperatorRefused, type OperatorKeys } from './operators.ts'
import { base32 } from './totp.ts'

interface Row {
  id: string
  username: string
  role: OperatorRole
  disabled: boolean
  created_at: string | number
}
const COLUMNS = 'id, username, role, disabled, created_at'
const itemOf = (r: Row): OperatorListItem => ({ id: r.id, username: r.username, role: r.role, disabled: r.disabled, createdAt: new Date(Number(r.created_at)).toISOString() })

/** Every operator, by name. */
export async function listOperators(q: Queryable): Promise<OperatorListItem[]> {
  return (await q.query<Row>(`SELECT ${COLUMNS} FROM operators ORDER BY lower(username)`)).map(itemOf)
}

async function rowOf(q: Queryable, id: string, forUpdate = false): Promise<Row> {
  const [row] = await q.query<Row>(`SELECT ${COLUMNS} FROM operators WHERE id = $1${forUpdate ? ' FOR NO KEY UPDATE' : ''}`, [id])
  if (!row) throw new Fail('not_found', 'No such operator.')
  return row
}

/** A first password: 24 base32 characters (120 random bits) in groups of four, easy to read out and type. */
export const firstPassword = (): string => (base32(randomBytes(15)).toLowerCase().match(/.{4}/g) ?? []).join('-')

/**
 * Creates an operator with a first password of the server's choosing and a new TOTP secret, both
 * answered this once. The same key again does not show them again (`conflict`): the owner disables
 * that operator and creates another.
 * @param issuer - the name the authenticator app shows beside the account (the brand)
 * @throws Fail('validation_failed' (name taken) | 'conflict')
 */
export async function createByOwner(db: Db, keys: OperatorKeys, actor: Actor, username: string, role: OperatorRole, issuer: string): Promise<OperatorCreated> {
  if (await actionOfKey(db, actor.operator.id, actor.idempotencyKey)) {
    throw new Fail('conflict', 'This call already created an operator; its password and secret were shown then and are not kept. Disable it and create another.')
  }
  const password = firstPassword()
  try {
    return await db.tx(async (q) => {
      const made = await createOperator(q, keys, { username, role, password }, actor.now, issuer)
      const operator = itemOf({ id: made.id, username: made.username, role: made.role, disabled: false, created_at: actor.now })
      await auditBy(q, actor, 'operator.create', made.username, null, { username: made.username, role: made.role, disabled: false })
      return { operator, password, totpSecret: made.totpSecret, otpauthUri: made.otpauthUri }
    })
  } catch (err) {
    if (err instanceof OperatorRefused) throw new Fail('validation_failed', err.message, { fields: { username: 'admin_err_username_taken' } })
    throw err
  }
}

/**
 * The operator `id`, locked for a change. Every change of an operator first takes one lock, so two
 * owners demoting each other at once are counted one after the other ({@link keepAnOwner}).
 */
async function lockedRow(q: Queryable, id: string): Promise<Row> {
  await q.query("SELECT pg_advisory_xact_lock(hashtext('operator:owners'))")
  // NO KEY: the audit rows the other changes write still reference the operator meanwhile.
  return rowOf(q, id, true)
}

/** Refuses a change that would leave no active owner: `row` (an active owner) is about to stop being one. */
async function keepAnOwner(q: Queryable, row: Row, field: 'role' | 'disabled'): Promise<void> {
  const [{ n }] = await q.query<{ n: string | number }>("SELECT count(*) AS n FROM operators WHERE role = 'owner' AND NOT disabled AND id <> $1", [row.id])
  if (Number(n) === 0) {
    throw new Fail('conflict', 'The last active owner cannot be demoted or disabled: make another operator owner first.', { fields: { [field]: 'admin_err_last_owner' } })
  }
}

/**
 * Changes an operator's role (at its next call; its sessions stay). Never the last active owner's.
 * @throws Fail('not_found' | 'conflict')
 */
export async function setOperatorRole(db: Db, actor: Actor, id: string, role: OperatorRole): Promise<OperatorListItem> {
  const { username } = await rowOf(db, id)
  return audited(db, actor, 'operator.role', username, async (q) => {
    const row = await lockedRow(q, id)
    if (row.role === role) throw new Fail('conflict', `${row.username} already has the ${role} role.`)
    if (row.role === 'owner' && !row.disabled) await keepAnOwner(q, row, 'role')
    await q.query('UPDATE operators SET role = $2 WHERE id = $1', [id, role])
    return { before: itemOf(row), after: itemOf({ ...row, role }) }
  })
}

/**
 * Disables an operator (every session ends at once, sign-in is refused) or enables it again. Never
 * the last active owner.
 * @throws Fail('not_found' | 'conflict')
 */
export async function setOperatorDisabled(db: Db, actor: Actor, id: string, disabled: boolean): Promise<OperatorListItem> {
  const { username } = await rowOf(db, id)
  return audited(db, actor, disabled ? 'operator.disable' : 'operator.enable', username, async (q) => {
    const row = await lockedRow(q, id)
    if (row.disabled === disabled) throw new Fail('conflict', `${row.username} is already ${disabled ? 'disabled' : 'enabled'}.`)
    if (disabled && row.role === 'owner') await keepAnOwner(q, row, 'disabled')
    await q.query('UPDATE operators SET disabled = $2 WHERE id = $1', [id, disabled])
    if (disabled) await q.query('UPDATE operator_sessions SET ended_at = $2 WHERE operator_id = $1 AND ended_at IS NULL', [id, actor.now])
    return { before: itemOf(row), after: itemOf({ ...row, disabled }) }
  })
}
