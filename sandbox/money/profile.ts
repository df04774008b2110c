/**
 * The money side of a member's account: real name, payment password (hashed, wrong tries limited)
 * and the bank accounts and e-wallets withdrawals are paid to (payee name = real name, SPEC §5).
 * @module
 */
import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { CurrentPaymentPassword, capitaliseName, payoutProviders, type MoneyProfile, type PayoutAccount } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { Fail, invalid } from '../http/fail.ts'
import type { Hasher } from '../auth/password.ts'
import { breakOfPerson, personOnBreak } from '../protect/person.ts'
import { maskEmail, maskMobile } from './contact.ts'

/** Wrong payment passwords allowed per window before the payment password locks. */
export const PAY_TRIES = 5
/** Length of the wrong-try window (and of the lock), ms. */
export const PAY_WINDOW_MS = 15 * 60_000
/** Payout accounts a member may keep. */
export const MAX_ACCOUNTS = 5

interface ProfileRow {
  real_name: string
  mobile_verified_at: string | number | null
  email_verified_at: string | number | null
  pay_password_hash: string | null
  pay_tries: number
  pay_window_start: string | number
}

async function profileRow(q: Queryable, memberId: string): Promise<ProfileRow> {
  await q.query('INSERT INTO money_profiles (member_id) VALUES ($1) ON CONFLICT (member_id) DO NOTHING', [memberId])
  const [row] = await q.query<ProfileRow>(
    'SELECT real_name, pay_password_hash, pay_tries, pay_window_start, mobile_verified_at, email_verified_at FROM money_profiles WHERE member_id = $1',
    [memberId],
  )
  return row
}

/** Masks an account number but its last four digits. */
export const maskNumber = (n: string): string => `${'•'.repeat(Math.max(0, Math.min(n.length - 4, 8)))}${n.slice(-4)}`

interface AccountRow {
  id: string
  kind: string
  provider: string
  account_no: string
  payee_name: string
  is_default: boolean
}

/** The member's payout accounts, default first. */
export async function payoutAccounts(q: Queryable, memberId: string): Promise<(PayoutAccount & { fullNumber: string })[]> {
  const rows = await q.query<AccountRow>(
    'SELECT id, kind, provider, account_no, payee_name, is_default FROM payout_accounts WHERE member_id = $1 ORDER BY is_default DESC, created_at, id',
    [memberId],
  )
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as PayoutAccount['kind'],
    provider: r.provider,
    accountNo: maskNumber(r.account_no),
    payeeName: r.payee_name,
    isDefault: r.is_default,
    fullNumber: r.account_no,
  }))
}

/** The money profile the "my account" page shows. */
export async function moneyProfile(q: Queryable, memberId: string, now: number): Promise<MoneyProfile> {
  const row = await profileRow(q, memberId)
  const [login] = await q.query<{ dial: string; mobile: string; email: string }>('SELECT country_dialing_code AS dial, mobile_num AS mobile, email FROM members WHERE id = $1', [
    memberId,
  ])
  // "Last login" is the one before the session reading this page (that one is the member's own, now);
  // on a first ever login there is no earlier one and the current one is shown.
  const sessions = await q.query<{ created_at: string | number; ip: string }>('SELECT created_at, ip FROM sessions WHERE member_id = $1 ORDER BY created_at DESC LIMIT 2', [
    memberId,
  ])
  const last = sessions[1] ?? sessions[0]
  const windowOpen = now - Number(row.pay_window_start) < PAY_WINDOW_MS
  return {
    realName: row.real_name,
    hasPaymentPassword: Boolean(row.pay_password_hash),
    paymentTriesLeft: windowOpen ? Math.max(0, PAY_TRIES - row.pay_tries) : PAY_TRIES,
    accounts: (await payoutAccounts(q, memberId)).map(({ fullNumber: _, ...a }) => a),
    lastLoginAt: last ? new Date(Number(last.created_at)).toISOString() : null,
    lastLoginIp: last?.ip ?? '',
    mobile: maskMobile(login?.dial ?? '', login?.mobile ?? ''),
    mobileVerified: row.mobile_verified_at !== null && Boolean(login?.mobile),
    email: maskEmail(login?.email ?? ''),
    emailVerified: row.email_verified_at !== null && Boolean(login?.email),
  }
}

/**
 * Sets the real name once, capitalised; payout accounts added later carry it as payee name.
 * @throws Fail('conflict') when a real name is already set (changing it is a customer-service matter)
 */
export async function setRealName(q: Queryable, memberId: string, name: string): Promise<void> {
  await profileRow(q, memberId)
  const rows = await q.query("UPDATE money_profiles SET real_name = $2 WHERE member_id = $1 AND real_name = '' RETURNING member_id", [memberId, capitaliseName(name)])
  if (rows.length === 0) throw new Fail('conflict', 'The real name is already set: contact customer service to change it.', { fields: { realName: 'money_err_real_name_set' } })
}

// The checks of one member under way in this process, chained: each starts when the one before ended.
const checking = new Map<string, Promise<unknown>>()

/**
 * Runs `fn` after the member's earlier payment-password checks in this process ended. A try is
 * reserved before the password is known right or wrong, so parallel checks would see each other's
 * reservations as wrong tries (six right passwords at once answered "too many wrong"); one at a
 * time, a right password has given its try back before the next reserves. Across processes the
 * reservation still bounds the guesses exactly; the password hash pool runs one hash at a time anyway.
 */
async function oneAtATime<T>(memberId: string, fn: () => Promise<T>): Promise<T> {
  const before = checking.get(memberId) ?? Promise.resolve()
  const run = before.then(fn, fn)
  const settled = run.then(
    () => undefined,
    () => undefined,
  )
  checking.set(memberId, settled)
  try {
    return await run
  } finally {
    if (checking.get(memberId) === settled) checking.delete(memberId)
  }
}

/**
 * Reserves one payment-password try before checking it, in one conditional update, so concurrent
 * guesses cannot exceed {@link PAY_TRIES}; a right password gives the try back. The checks of one
 * member run one after another in a process (see {@link oneAtATime}).
 * @throws Fail('payment_password_not_set' | 'rate_limited' | 'payment_password_incorrect')
 */
export function checkPaymentPassword(q: Queryable, memberId: string, password: string, now: number, payHasher: Hasher): Promise<void> {
  return oneAtATime(memberId, () => checkOnce(q, memberId, password, now, payHasher))
}

async function checkOnce(q: Queryable, memberId: string, password: string, now: number, payHasher: Hasher): Promise<void> {
  const row = await profileRow(q, memberId)
  if (!row.pay_password_hash) throw new Fail('payment_password_not_set', undefined, { fields: { paymentPassword: 'err_payment_password_not_set' } })
  const reserved = await q.query<{ pay_tries: number }>(
    `UPDATE money_profiles SET
       pay_tries = CASE WHEN $2 - pay_window_start >= $3 THEN 1 ELSE pay_tries + 1 END,
       pay_window_start = CASE WHEN $2 - pay_window_start >= $3 THEN $2 ELSE pay_window_start END
     WHERE member_id = $1 AND ($2 - pay_window_start >= $3 OR pay_tries < $4) RETURNING pay_tries`,
    [memberId, now, PAY_WINDOW_MS, PAY_TRIES],
  )
  if (reserved.length === 0) {
    // The window as it stands now (the row read above may predate a parallel check that opened a new
    // one): at least a minute, at most the window.
    const [current] = await q.query<{ pay_window_start: string | number }>('SELECT pay_window_start FROM money_profiles WHERE member_id = $1', [memberId])
    const left = Number(current?.pay_window_start ?? now) + PAY_WINDOW_MS - now
    const wait = Math.min(PAY_WINDOW_MS / 60_000, Math.max(1, Math.ceil(left / 60_000)))
    throw new Fail('rate_limited', `Too many wrong payment passwords: try again in ${wait} min.`, { fields: { paymentPassword: 'money_err_pay_locked' } })
  }
  if (!(await payHasher.verify(password, row.pay_password_hash, `member:${memberId}`))) {
    const left = Math.max(0, PAY_TRIES - reserved[0].pay_tries)
    throw new Fail('payment_password_incorrect', `The payment password is wrong (${left} tries left).`, {
      fields: { paymentPassword: 'err_payment_password_incorrect' },
      value: { triesLeft: left },
    })
  }
  await q.query('UPDATE money_profiles SET pay_tries = GREATEST(pay_tries - 1, 0) WHERE member_id = $1', [memberId])
}

/** Sets the payment password, or changes it when the old one is given and right. */
export async function setPaymentPassword(q: Queryable, memberId: string, input: { oldPassword?: string; newPassword: string }, now: number, payHasher: Hasher): Promise<void> {
  const row = await profileRow(q, memberId)
  if (row.pay_password_hash) {
    // A change names the current password: the contract's rule, as the form checks it.
    const current = v.safeParse(CurrentPaymentPassword, input)
    if (!current.success) throw invalid(current.issues)
    try {
      await checkPaymentPassword(q, memberId, current.output.oldPassword, now, payHasher)
    } catch (err) {
      // The form names the field the old password is typed in.
      if (err instanceof Fail && err.fields?.paymentPassword) throw new Fail(err.code, err.message, { fields: { oldPassword: err.fields.paymentPassword } })
      throw err
    }
  }
  await q.query('UPDATE money_profiles SET pay_password_hash = $2, pay_tries = 0 WHERE member_id = $1', [memberId, await payHasher.hash(input.newPassword, `member:${memberId}`)])
}

/** Adds a payout account in the real name (the first becomes the default). */
export async function addPayoutAccount(q: Queryable, memberId: string, input: { kind: 'bank' | 'ewallet'; provider: string; accountNo: string }, now: number): Promise<void> {
  const row = await profileRow(q, memberId)
  if (!row.real_name) throw new Fail('real_name_required', undefined, { fields: { realName: 'err_real_name_required' } })
  const providers: readonly string[] = payoutProviders[input.kind]
  if (!providers.includes(input.provider)) throw new Fail('validation_failed', `Choose one of: ${providers.join(', ')}.`, { fields: { provider: 'err_field_invalid' } })
  // A break binds the person: a payout account of someone on a break cannot be added to another account.
  if (await breakOfPerson(q, { accountNo: input.accountNo }, now, memberId)) throw personOnBreak()
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM payout_accounts WHERE member_id = $1', [memberId])
  if (Number(n) >= MAX_ACCOUNTS) throw new Fail('validation_failed', `At most ${MAX_ACCOUNTS} accounts.`, { fields: { accountNo: 'money_err_accounts_full' } })
  const inserted = await q.query(
    `INSERT INTO payout_accounts (id, member_id, kind, provider, account_no, payee_name, is_default, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, NOT EXISTS (SELECT 1 FROM payout_accounts WHERE member_id = $2), $7)
     ON CONFLICT (member_id, kind, provider, account_no) DO NOTHING RETURNING id`,
    [`pa_${randomUUID()}`, memberId, input.kind, input.provider, input.accountNo, row.real_name, now],
  )
  if (inserted.length === 0) throw new Fail('conflict', 'This account is already added.', { fields: { accountNo: 'money_err_account_exists' } })
}

/** Removes a payout account; the oldest remaining one becomes the default when it was. */
export async function removePayoutAccount(q: Queryable, memberId: string, id: string): Promise<void> {
  const gone = await q.query<{ is_default: boolean }>('DELETE FROM payout_accounts WHERE id = $1 AND member_id = $2 RETURNING is_default', [id, memberId])
  if (gone.length === 0) throw new Fail('not_found', 'No such account.')
  if (gone[0].is_default) {
    await q.query('UPDATE payout_accounts SET is_default = true WHERE id = (SELECT id FROM payout_accounts WHERE member_id = $1 ORDER BY created_at, id LIMIT 1)', [memberId])
  }
}

/** Makes one payout account the default. */
export async function defaultPayoutAccount(q: Queryable, memberId: string, id: string): Promise<void> {
  const rows = await q.query(
    'UPDATE payout_accounts SET is_default = (id = $1) WHERE member_id = $2 AND EXISTS (SELECT 1 FROM payout_accounts WHERE id = $1 AND member_id = $2) RETURNING id',
    [id, memberId],
  )
  if (rows.length === 0) throw new Fail('not_found', 'No such account.')
}
