import { randomInt } from 'node:crypto'
import type { Hono } from 'hono'
import { Fail } from '../../http/fail.ts'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { memberAccount, postTransaction } from '../../ledger.ts'
import { createMember, isUniqueViolation } from '../../auth/accounts.ts'
import { completeLogin } from '../../auth/login.ts'
import { TRIAL, type MemberRow } from '../../auth/members.ts'
import { consume, limits } from '../../auth/ratelimit.ts'

/**
 * Free play: a trial account with money to play with, a few per address.
 * @module
 */

/** Money a trial account starts with, in minor units (2,000.00). */
export const TRIAL_FUNDS = 200_000

/**
 * Mounts the free play endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerFreeplayRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'loginFreeplay', async (_input, ctx) => {
    if (!(await ctx.flags()).FREEPLAY3) throw new Fail('not_enabled', 'Free play is not enabled')
    const now = ctx.now()
    // Counted atomically with the check: parallel requests cannot open trial accounts past the limit.
    await consume(ctx.db, [{ limit: limits.freeplayIp, key: ctx.ip }], now, 'trial accounts from this address')
    let row: MemberRow | null = null
    for (let attempt = 0; !row && attempt < 5; attempt++) {
      const username = `trial${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
      try {
        row = await ctx.db.tx((q) => createMember(q, { username, passwordHash: null, type: TRIAL, isAgent: TRIAL, nickname: username, language: ctx.language }, now))
      } catch (e) {
        if (!isUniqueViolation(e)) throw e
      }
    }
    if (!row) throw new Fail('conflict', 'Could not create a trial account: try again')
    await postTransaction(ctx.db, {
      idempotencyKey: `freeplay:${row.id}`,
      kind: 'trial_funds',
      memo: 'Free play starting balance',
      legs: [
        { account: 'house:trial', amount: -TRIAL_FUNDS },
        { account: memberAccount(row.id), amount: TRIAL_FUNDS },
      ],
    })
    return completeLogin(ctx, row)
  })
}
