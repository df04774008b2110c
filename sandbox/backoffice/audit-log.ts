/**
 * The operator audit: one append-only row per operator action (who, what, on which target, the
 * state before and after, when, from which address). The row is written in the same database
 * transaction as the change it records, so no change goes unaudited. Sign-ins are recorded too.
 * @module
 */
import type { OperatorAuditEntry, OperatorAuditPage } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'

/** One action to record. */
export interface AuditRecord {
  operatorId: string
  operator: string
  action: string
  target: string
  before: unknown
  after: unknown
  ip: string
  at: number
  /** The call's idempotency key: a retry with it is answered from this row. */
  idempotencyKey?: string
}

/** Records one action. */
export async function recordAudit(q: Queryable, r: AuditRecord): Promise<void> {
  await q.query(
    `INSERT INTO operator_audit (at, operator_id, operator, action, target, before, after, ip, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9)`,
    [r.at, r.operatorId, r.operator, r.action, r.target, JSON.stringify(r.before ?? null), JSON.stringify(r.after ?? null), r.ip, r.idempotencyKey ?? null],
  )
}

/** The action an operator already took with `key`, or undefined. */
export async function actionOfKey(q: Queryable, operatorId: string, key: string): Promise<{ action: string; target: string; after: unknown } | undefined> {
  const [row] = await q.query<{ action: string; target: string; after: unknown }>(
    'SELECT action, target, after FROM operator_audit WHERE operator_id = $1 AND idempotency_key = $2',
    [operatorId, key],
  )
  return row && { ...row, after: typeof row.after === 'string' ? JSON.parse(row.after) : row.after }
}

const json = (x: unknown): unknown => (typeof x === 'string' ? JSON.parse(x) : x)

/** A page of the audit, newest first, starting before the row id `before`. */
export async function listAudit(q: Queryable, before: string | undefined, limit: number): Promise<OperatorAuditPage> {
  const rows = await q.query<{ id: string | number; at: string | number; operator: string; action: string; target: string; before: unknown; after: unknown; ip: string }>(
    `SELECT id, at, operator, action, target, before, after, ip FROM operator_audit
     WHERE ($1::bigint IS NULL OR id < $1::bigint) ORDER BY id DESC LIMIT $2`,
    [before ?? null, limit + 1],
  )
  const entries: OperatorAuditEntry[] = rows.slice(0, limit).map((r) => ({
    id: String(r.id),
    at: new Date(Number(r.at)).toISOString(),
    operator: r.operator,
    action: r.action,
    target: r.target,
    before: json(r.before),
    after: json(r.after),
    ip: r.ip,
  }))
  return { entries, next: rows.length > limit ? entries[entries.length - 1].id : null }
}
