/**
 * Operator accounts: created by `npm run operator:create` (sandbox/ops/operator-create.ts) or by an
 * owner in the back office, with a role, a password hashed by the server's {@link Hasher} and a TOTP
 * secret shown once and stored sealed ({@link seal}).
 * @module
 */
import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { OperatorPassword, OperatorRoleSchema, OperatorUsername, type OperatorRole } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import type { Hasher } from '../auth/password.ts'
import { seal, type SecretKey } from './secret-box.ts'
import { newTotpSecret, otpauthUri } from './totp.ts'

/** What creating an operator takes. */
export interface NewOperator {
  username: string
  role: OperatorRole
  password: string
}

/** An operator created: the TOTP secret and its `otpauth://` address, to show once and never again. */
export interface CreatedOperator {
  id: string
  username: string
  role: OperatorRole
  totpSecret: string
  otpauthUri: string
}

/** An operator as the sign-in reads it. */
export interface OperatorRow {
  id: string
  username: string
  role: OperatorRole
  password_hash: string
  /** Sealed ({@link seal}): open it with the server's key and the operator's id. */
  totp_secret: string
  totp_last_step: string | number
  disabled: boolean
}

/** Why an operator cannot be created: a bad field, or the username taken. */
export class OperatorRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OperatorRefused'
  }
}

const NewOperatorSchema = v.object({ username: OperatorUsername, role: OperatorRoleSchema, password: OperatorPassword })

const reasons: Record<string, string> = {
  admin_err_username: 'the username must be 3 to 32 letters, digits, dots, dashes or underscores',
  admin_err_password_short: 'the password must be at least 12 characters',
}

/** What creating an operator needs of the server: its password hasher and the key secrets are sealed with. */
export interface OperatorKeys {
  hasher: Hasher
  secretKey: SecretKey
}

/**
 * Creates an operator; the username is unique whatever its case. The TOTP secret is stored sealed.
 * @param issuer - the name the authenticator app shows beside the account (the brand)
 * @throws OperatorRefused for a bad username, role or password, or a username already taken
 */
export async function createOperator(db: Queryable, keys: OperatorKeys, input: NewOperator, now: number, issuer: string): Promise<CreatedOperator> {
  const parsed = v.safeParse(NewOperatorSchema, input)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const field = v.getDotPath(issue) ?? 'input'
    throw new OperatorRefused(`Invalid ${field}: ${reasons[issue.message] ?? `expected one of ${['owner', 'finance', 'support', 'content'].join(', ')}`}.`)
  }
  const { username, role, password } = parsed.output
  const [taken] = await db.query('SELECT 1 FROM operators WHERE lower(username) = lower($1)', [username])
  if (taken) throw new OperatorRefused(`An operator named ${username} already exists.`)
  const id = `op_${randomUUID().replace(/-/g, '')}`
  const totpSecret = newTotpSecret()
  const hash = await keys.hasher.hash(password, `operator:${username.toLowerCase()}`)
  const rows = await db.query(
    `INSERT INTO operators (id, username, role, password_hash, totp_secret, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT DO NOTHING RETURNING id`,
    [id, username, role, hash, seal(keys.secretKey, totpSecret, id), now],
  )
  // Two commands racing for one name: the unique index lets one in.
  if (rows.length === 0) throw new OperatorRefused(`An operator named ${username} already exists.`)
  return { id, username, role, totpSecret, otpauthUri: otpauthUri(issuer, username, totpSecret) }
}

/** The operator named `username` (any case), or undefined. */
export async function operatorNamed(q: Queryable, username: string): Promise<OperatorRow | undefined> {
  const [row] = await q.query<OperatorRow>('SELECT id, username, role, password_hash, totp_secret, totp_last_step, disabled FROM operators WHERE lower(username) = lower($1)', [
    username,
  ])
  return row
}
