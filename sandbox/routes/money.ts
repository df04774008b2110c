/**
 * Money routes of the member centre (SPEC §2, §4, §5): account money profile, deposits, withdrawals
 * and records. Inputs are checked by the contract's schemas in `handle`; every money-moving call is
 * idempotent by the client's key; trial accounts are refused.
 * @module
 */
import type { Hono } from 'hono'
import { handle, type Deps } from '../http.ts'
import { addPayoutAccount, defaultPayoutAccount, moneyProfile, realMember, removePayoutAccount, setPaymentPassword, setRealName } from '../money/profile.ts'
import { createDeposit, depositChannels, findOrder } from '../money/deposit.ts'
import { confirmWithdrawal, requestWithdrawal, withdrawInfo } from '../money/withdraw.ts'
import { accountRecord, accountRecordCsv, bettingRecord, roundDetail } from '../money/records.ts'
import { Fail } from '../http.ts'

/** Registers the money routes. */
export function registerMoneyRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'moneyProfile', async (_input, ctx) => moneyProfile(ctx.db, realMember(ctx.member).id, ctx.now()))

  handle(app, deps, 'setRealName', async (input, ctx) => {
    const m = realMember(ctx.member)
    await setRealName(ctx.db, m.id, input.realName)
    return moneyProfile(ctx.db, m.id, ctx.now())
  })

  handle(app, deps, 'setPaymentPassword', async (input, ctx) => {
    const m = realMember(ctx.member)
    await setPaymentPassword(ctx.db, m.id, input, ctx.now())
    return moneyProfile(ctx.db, m.id, ctx.now())
  })

  handle(app, deps, 'addPayoutAccount', async (input, ctx) => {
    const m = realMember(ctx.member)
    await addPayoutAccount(ctx.db, m.id, input, ctx.now())
    return moneyProfile(ctx.db, m.id, ctx.now())
  })

  handle(app, deps, 'removePayoutAccount', async (input, ctx) => {
    const m = realMember(ctx.member)
    await removePayoutAccount(ctx.db, m.id, input.id)
    return moneyProfile(ctx.db, m.id, ctx.now())
  })

  handle(app, deps, 'defaultPayoutAccount', async (input, ctx) => {
    const m = realMember(ctx.member)
    await defaultPayoutAccount(ctx.db, m.id, input.id)
    return moneyProfile(ctx.db, m.id, ctx.now())
  })

  handle(app, deps, 'depositChannels', async (_input, ctx) => {
    realMember(ctx.member)
    return { channels: [...depositChannels], promotion: null }
  })

  handle(app, deps, 'createDeposit', async (input, ctx) => createDeposit(ctx.db, realMember(ctx.member).id, input, ctx.now()))

  handle(app, deps, 'depositOrder', async (input, ctx) => {
    const order = await findOrder(ctx.db, input.orderId, ctx.now(), realMember(ctx.member).id)
    if (!order) throw new Fail('not_found', 'No such order.')
    return order
  })

  handle(app, deps, 'withdrawInfo', async (_input, ctx) => withdrawInfo(ctx.db, realMember(ctx.member).id, ctx.now()))

  handle(app, deps, 'requestWithdrawal', async (input, ctx) => requestWithdrawal(ctx.db, realMember(ctx.member).id, input, ctx.now()))

  handle(app, deps, 'confirmWithdrawal', async (input, ctx) => {
    return confirmWithdrawal(ctx.db, realMember(ctx.member).id, input, ctx.now())
  })

  handle(app, deps, 'accountRecord', async (input, ctx) => accountRecord(ctx.db, realMember(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'accountRecordCsv', async (input, ctx) => accountRecordCsv(ctx.db, realMember(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'bettingRecord', async (input, ctx) => bettingRecord(ctx.db, realMember(ctx.member).id, input, ctx.language, ctx.now()))
  handle(app, deps, 'roundDetail', async (input, ctx) => roundDetail(ctx.db, realMember(ctx.member).id, input.roundId, ctx.language))
}
