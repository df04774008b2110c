/**
 * Wallet routes: the member's balance over all wallets and each wallet's, transfers between the main
 * wallet and vendor wallets, and recalling every vendor wallet to the main one, through the ledger
 * (idempotent by the client's key).
 * @module
 */
import type { Hono } from 'hono'
import { Fail } from '../http/fail.ts'
import { memberOf, realMemberOf, type Deps } from '../http/context.ts'
import { handle } from '../http/handle.ts'
import { memberAccount, memberBalance, openAccount, postTransaction } from '../ledger.ts'
import { brand } from '../seed/config.ts'
import { recallAll, walletBalances } from '../money/wallets.ts'

/** The member's own wallet; every other wallet is a vendor's (its code). */
export const MAIN_WALLET = 'main'

/** Registers the wallet routes. */
export function registerWalletRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'balance', async (_input, ctx) => {
    const member = memberOf(ctx)
    return { sumBalance: await memberBalance(ctx.db, member.id), currency: brand.currency, currencySymbol: brand.currencySymbol }
  })

  handle(app, deps, 'walletTransfer', async (input, ctx) => {
    const member = realMemberOf(ctx)
    const from = input.from === MAIN_WALLET ? MAIN_WALLET : input.from.toUpperCase()
    const to = input.to === MAIN_WALLET ? MAIN_WALLET : input.to.toUpperCase()
    if ((from === MAIN_WALLET) === (to === MAIN_WALLET)) {
      throw new Fail('validation_failed', 'A transfer goes between the main wallet and one vendor wallet.', {
        fields: { [from === MAIN_WALLET ? 'to' : 'from']: 'err_field_invalid' },
      })
    }
    const vendor = from === MAIN_WALLET ? to : from
    const known = await ctx.db.query('SELECT 1 FROM vendors WHERE code = $1', [vendor])
    if (known.length === 0) throw new Fail('validation_failed', `Unknown wallet ${vendor}.`, { fields: { [from === MAIN_WALLET ? 'to' : 'from']: 'err_field_invalid' } })
    const fromAccount = memberAccount(member.id, from)
    const toAccount = memberAccount(member.id, to)
    await openAccount(ctx.db, fromAccount)
    await openAccount(ctx.db, toAccount)
    const { transactionId } = await postTransaction(ctx.db, {
      // Scoped to the member: two members can never collide on a key.
      idempotencyKey: `transfer:${member.id}:${input.idempotencyKey}`,
      kind: 'wallet_transfer',
      memo: `${from} → ${to}`,
      legs: [
        { account: fromAccount, amount: -input.amount },
        { account: toAccount, amount: input.amount },
      ],
    })
    return { transactionId, sumBalance: await memberBalance(ctx.db, member.id) }
  })

  handle(app, deps, 'walletBalances', async (_input, ctx) => walletBalances(ctx.db, realMemberOf(ctx).id))
  handle(app, deps, 'walletRecallAll', async (input, ctx) => recallAll(ctx.db, realMemberOf(ctx).id, input.idempotencyKey))
}
