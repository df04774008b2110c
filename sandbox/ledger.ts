/**
 * The sandbox ledger: accounts and double-entry transactions. Every balance change is one
 * transaction whose legs sum to zero, applied in one database transaction with a conditional update,
 * so a balance that may not go negative never does, even under concurrent debits.
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { Db, Queryable } from './db/index.ts'
import { Fail } from './http/fail.ts'

/** House accounts: the other side of game rounds, promotions, trial credit and seed money. */
export const houseAccounts = ['house:games', 'house:promo', 'house:trial', 'house:cash'] as const

/** Name of a member's wallet account: `member:<id>:<wallet>` (`main` by default). */
export const memberAccount = (memberId: string, wallet = 'main'): string => `member:${memberId}:${wallet}`

const ownerOf = (account: string): string | null => /^member:([^:]+):/.exec(account)?.[1] ?? null

/**
 * Creates an account if it does not exist yet (idempotent; an existing account is left as it is).
 * @param opts `allowNegative` for house accounts; `balance` only for accounts created outside the
 *   ledger's own history (tests) — seed money goes through {@link postTransaction}.
 */
export async function openAccount(q: Queryable, account: string, opts: { allowNegative?: boolean; balance?: number } = {}): Promise<void> {
  await q.query('INSERT INTO ledger_accounts (id, owner, balance, allow_negative) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [
    account,
    ownerOf(account),
    opts.balance ?? 0,
    opts.allowNegative ?? false,
  ])
}

/** One side of a transaction: a positive amount credits the account, a negative one debits it. */
export interface Leg {
  account: string
  amount: number
}

/** A ledger transaction to post. */
export interface TransactionInput {
  /** Same key → same transaction: a replay returns the first id and moves nothing. */
  idempotencyKey: string
  kind: string
  memo?: string
  legs: Leg[]
}

/**
 * Posts a balanced transaction: inserts it and its entries and moves every balance in one database
 * transaction. A debit that would take a non-negative account below zero fails the whole
 * transaction with `insufficient_funds` and changes nothing.
 * @returns the transaction id, and `replay: true` when the key had already been posted.
 * @throws Fail('insufficient_funds'); Fail('conflict') when the key was used for different legs;
 *   Error for unbalanced legs, non-integer amounts or unknown accounts (programming errors).
 */
export async function postTransaction(db: Db, t: TransactionInput): Promise<{ transactionId: string; replay: boolean }> {
  const legs = checkedLegs(t)
  return db.tx((q) => postLegs(q, t, legs))
}

/**
 * Posts a balanced transaction inside a database transaction the caller has already opened (`db.tx`),
 * so the caller's own records of the same event (a round's settlement, a win) commit or roll back
 * together with the money. Same checks and answers as {@link postTransaction}; a thrown error must be
 * left to end the caller's transaction, since money may already have moved in it.
 * @example await db.tx(async (q) => { await postTransactionIn(q, t); await q.query('UPDATE rounds …') })
 */
export async function postTransactionIn(q: Queryable, t: TransactionInput): Promise<{ transactionId: string; replay: boolean }> {
  return postLegs(q, t, checkedLegs(t))
}

/** Validates the legs before any SQL and returns them in the fixed order they are applied in. */
function checkedLegs(t: TransactionInput): Leg[] {
  if (!t.idempotencyKey) throw new Error('ledger: idempotencyKey is required')
  if (t.legs.length < 2) throw new Error('ledger: a transaction needs at least two legs')
  let sum = 0
  for (const leg of t.legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) throw new Error(`ledger: leg amount must be a non-zero integer, got ${leg.amount}`)
    sum += leg.amount
  }
  if (sum !== 0) throw new Error(`ledger: legs must sum to 0, got ${sum}`)
  // Fixed order of updates: two transactions touching the same accounts cannot deadlock.
  return [...t.legs].sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : a.amount - b.amount))
}

async function postLegs(q: Queryable, t: TransactionInput, legs: Leg[]): Promise<{ transactionId: string; replay: boolean }> {
  const fingerprint = JSON.stringify([t.kind, legs.map((l) => [l.account, l.amount])])
  const id = `tx_${randomUUID()}`
  const inserted = await q.query<{ id: string }>(
    'INSERT INTO ledger_transactions (id, idempotency_key, kind, memo, fingerprint) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id',
    [id, t.idempotencyKey, t.kind, t.memo ?? '', fingerprint],
  )
  if (inserted.length === 0) {
    const [first] = await q.query<{ id: string; fingerprint: string }>('SELECT id, fingerprint FROM ledger_transactions WHERE idempotency_key = $1', [t.idempotencyKey])
    if (first.fingerprint !== fingerprint) throw new Fail('conflict', 'This idempotency key was already used for a different transaction.')
    return { transactionId: first.id, replay: true }
  }
  for (const leg of legs) {
    const rows = await q.query<{ balance: number }>('UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1 AND (allow_negative OR balance + $2 >= 0) RETURNING balance', [
      leg.account,
      leg.amount,
    ])
    if (rows.length === 0) {
      const exists = await q.query('SELECT 1 FROM ledger_accounts WHERE id = $1', [leg.account])
      if (exists.length === 0) throw new Error(`ledger: unknown account ${leg.account}`)
      throw new Fail('insufficient_funds', 'Insufficient balance.')
    }
    await q.query('INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after) VALUES ($1, $2, $3, $4)', [id, leg.account, leg.amount, rows[0].balance])
  }
  return { transactionId: id, replay: false }
}

/** One two-leg transaction of a bulk posting: `amount` (> 0) moves from `from` to `to`. */
export interface Credit {
  /** Same key → same transaction, as for {@link postTransaction}: a key already posted moves nothing. */
  idempotencyKey: string
  from: string
  to: string
  amount: number
  memo?: string
}

/**
 * Posts many two-leg transactions of one kind inside the caller's database transaction, set-based:
 * one ledger transaction per credit, inserted in bulk with `ON CONFLICT (idempotency_key) DO NOTHING`,
 * the touched accounts locked once in the fixed order {@link postTransaction} uses, every balance moved
 * by one statement and every entry (with its running `balance_after`) inserted by one more. Settling a
 * lottery draw of 10,000 bets this way is a handful of round trips, not 10,000.
 * @returns the transaction id of each credit posted by this call, by idempotency key (replayed keys
 *   are absent: their money moved the first time)
 * @throws Fail('insufficient_funds') when a non-negative account would go below zero (nothing moves);
 *   Fail('conflict') when a key was used for different legs; Error for bad amounts or unknown accounts.
 */
export async function postCreditsIn(q: Queryable, kind: string, credits: readonly Credit[]): Promise<Map<string, string>> {
  const posted = new Map<string, string>()
  if (credits.length === 0) return posted
  const rows = credits.map((c) => {
    const legs = checkedLegs({
      idempotencyKey: c.idempotencyKey,
      kind,
      legs: [
        { account: c.from, amount: -c.amount },
        { account: c.to, amount: c.amount },
      ],
    })
    return { id: `tx_${randomUUID()}`, key: c.idempotencyKey, memo: c.memo ?? '', fp: JSON.stringify([kind, legs.map((l) => [l.account, l.amount])]), legs }
  })
  const inserted = await q.query<{ id: string; idempotency_key: string }>(
    `INSERT INTO ledger_transactions (id, idempotency_key, kind, memo, fingerprint)
     SELECT x.id, x.key, $2, x.memo, x.fp FROM json_to_recordset($1::json) AS x(id text, key text, memo text, fp text)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, idempotency_key`,
    [JSON.stringify(rows.map(({ legs: _, ...r }) => r)), kind],
  )
  for (const r of inserted) posted.set(r.idempotency_key, r.id)
  const replayed = rows.filter((r) => !posted.has(r.key))
  if (replayed.length > 0) {
    const firsts = await q.query<{ idempotency_key: string; fingerprint: string }>(
      'SELECT idempotency_key, fingerprint FROM ledger_transactions WHERE idempotency_key IN (SELECT json_array_elements_text($1::json))',
      [JSON.stringify(replayed.map((r) => r.key))],
    )
    const fingerprints = new Map(firsts.map((f) => [f.idempotency_key, f.fingerprint]))
    if (replayed.some((r) => fingerprints.get(r.key) !== r.fp)) throw new Fail('conflict', 'This idempotency key was already used for a different transaction.')
  }
  const fresh = rows.filter((r) => posted.get(r.key) === r.id)
  if (fresh.length === 0) return posted
  const names = [...new Set(fresh.flatMap((r) => r.legs.map((l) => l.account)))].sort()
  // One lock per account, in id order (the order single postings update in): no deadlock with them.
  const accounts = await q.query<{ id: string; balance: number; allow_negative: boolean }>(
    'SELECT id, balance, allow_negative FROM ledger_accounts WHERE id IN (SELECT json_array_elements_text($1::json)) ORDER BY id FOR UPDATE',
    [JSON.stringify(names)],
  )
  const balance = new Map(accounts.map((a) => [a.id, { value: Number(a.balance), allowNegative: a.allow_negative }]))
  const entries: { tx: string; account: string; amount: number; after: number; n: number }[] = []
  for (const r of fresh) {
    for (const leg of r.legs) {
      const account = balance.get(leg.account)
      if (!account) throw new Error(`ledger: unknown account ${leg.account}`)
      account.value += leg.amount
      if (!account.allowNegative && account.value < 0) throw new Fail('insufficient_funds', 'Insufficient balance.')
      entries.push({ tx: r.id, account: leg.account, amount: leg.amount, after: account.value, n: entries.length })
    }
  }
  await q.query('UPDATE ledger_accounts a SET balance = x.balance FROM json_to_recordset($1::json) AS x(id text, balance bigint) WHERE a.id = x.id', [
    JSON.stringify(names.map((id) => ({ id, balance: balance.get(id)!.value }))),
  ])
  await q.query(
    `INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
     SELECT x.tx, x.account, x.amount, x.after FROM json_to_recordset($1::json) AS x(tx text, account text, amount bigint, after bigint, n int) ORDER BY x.n`,
    [JSON.stringify(entries)],
  )
  return posted
}

/** Balance of one account in minor units (0 for an account that does not exist). */
export async function balanceOf(q: Queryable, account: string): Promise<number> {
  const rows = await q.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE id = $1', [account])
  return rows[0]?.balance ?? 0
}

/** Sum of all of a member's wallets in minor units. */
export async function memberBalance(q: Queryable, memberId: string): Promise<number> {
  const rows = await q.query<{ total: number }>('SELECT COALESCE(SUM(balance), 0)::int8 AS total FROM ledger_accounts WHERE owner = $1', [memberId])
  return rows[0]?.total ?? 0
}

/** Opens the house accounts (they may go negative: they are the platform's side). */
export async function openHouseAccounts(q: Queryable): Promise<void> {
  for (const account of houseAccounts) await openAccount(q, account, { allowNegative: true })
}

/**
 * Credits a member's wallet from a house account (seed money, trial credit, promotions).
 * @example await creditMember(db, id, 500_000, { idempotencyKey: `seed:${id}`, from: 'house:cash' })
 */
export async function creditMember(
  db: Db,
  memberId: string,
  amount: number,
  opts: { idempotencyKey: string; from?: (typeof houseAccounts)[number]; kind?: string; memo?: string; wallet?: string },
): Promise<string> {
  const account = memberAccount(memberId, opts.wallet)
  await openAccount(db, account)
  await openHouseAccounts(db)
  const { transactionId } = await postTransaction(db, {
    idempotencyKey: opts.idempotencyKey,
    kind: opts.kind ?? 'credit',
    memo: opts.memo,
    legs: [
      { account: opts.from ?? 'house:cash', amount: -amount },
      { account, amount },
    ],
  })
  return transactionId
}
