/**
 * Vendor wallets seen from the member centre: the balance of each, and "recall all" that moves every
 * vendor wallet's balance back to the main wallet through the ledger (idempotent per wallet).
 * @module
 */
import type { Wallets } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { memberAccount, memberBalance, openAccount, postTransaction } from '../ledger.ts'
import { getSetting } from '../settings.ts'

/** The member's main wallet and, unless the merchant wallet is single, every vendor's. */
export async function walletBalances(q: Queryable, memberId: string): Promise<Wallets> {
  const { isSingle } = await getSetting(q, 'merchantWallet', { isSingle: false })
  const rows = await q.query<{ code: string; name: string; balance: string | number | null }>(
    `SELECT v.code, v.name, a.balance FROM vendors v LEFT JOIN ledger_accounts a ON a.id = 'member:' || $1 || ':' || v.code
     ORDER BY v.sort, v.code`,
    [memberId],
  )
  const main = {
    code: 'main',
    name: 'Main wallet',
    balance: Number((await q.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE id = $1', [memberAccount(memberId)]))[0]?.balance ?? 0),
  }
  return {
    isSingle,
    sumBalance: await memberBalance(q, memberId),
    wallets: isSingle ? [main] : [main, ...rows.map((r) => ({ code: r.code, name: r.name.slice(0, 64), balance: Number(r.balance ?? 0) }))],
  }
}

/**
 * Moves every vendor wallet's balance to the main wallet. Each wallet's move is its own ledger
 * transaction keyed by the client's key and the wallet, so a retry moves nothing twice.
 * @returns the amount moved by this call (0 on a replay)
 */
export async function recallAll(db: Db, memberId: string, key: string): Promise<{ moved: number; sumBalance: number }> {
  const wallets = await db.query<{ id: string; balance: string | number }>(
    "SELECT id, balance FROM ledger_accounts WHERE owner = $1 AND id <> $2 AND id LIKE 'member:%' AND balance > 0",
    [memberId, memberAccount(memberId)],
  )
  const main = memberAccount(memberId)
  await openAccount(db, main)
  let moved = 0
  for (const w of wallets) {
    const amount = Number(w.balance)
    try {
      const { replay } = await postTransaction(db, {
        idempotencyKey: `recall:${memberId}:${key}:${w.id}`,
        kind: 'wallet_transfer',
        memo: `${w.id.split(':')[2]} → main`,
        legs: [
          { account: w.id, amount: -amount },
          { account: main, amount },
        ],
      })
      if (!replay) moved += amount
    } catch (err) {
      // The wallet changed since it was read (another recall, a transfer): the next recall takes the rest.
      if (!(err instanceof Fail && (err.code === 'insufficient_funds' || err.code === 'conflict'))) throw err
    }
  }
  return { moved, sumBalance: await memberBalance(db, memberId) }
}
