/**
 * Money routes of the member centre (SPEC §2, §4, §5): account money profile, deposits, withdrawals
 * and records. Inputs are checked by the contract's schemas in `handle`; every money-moving call is
 * idempotent by the client's key; trial accounts are refused.
 * @module
 */
import type { Hono } from 'hono'
import { endpoints, headerNames, proofLimits } from '../../sdk/contract/all.ts'
import { resolveSession } from '../auth/sessions.ts'
import type { Deps } from '../http/context.ts'
import { handle } from '../http/handle.ts'
import { addPayoutAccount, defaultPayoutAccount, moneyProfile, realMember, removePayoutAccount, setPaymentPassword, setRealName } from '../money/profile.ts'
import { bindContact, resetPaymentPassword, sendContactCode, sendPaymentResetCode } from '../money/contact.ts'
import { transferToUpline, uplineTransferInfo } from '../money/upline.ts'
import { promotionFor } from '../money/promotion.ts'
import { createDeposit, depositChannels, findOrder } from '../money/deposit.ts'
import { confirmWithdrawal, imageTypeOf, requestWithdrawal, storeProof, withdrawInfo } from '../money/withdraw.ts'
import { recallAll, walletBalances } from '../money/wallets.ts'
import { accountRecord, accountRecordCsv, bettingRecord, profitReport, roundDetail } from '../money/records.ts'
import { Fail, failResponse } from '../http/fail.ts'
import { readBytes } from '../http/body.ts'

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

  handle(app, deps, 'sendContactCode', async (input, ctx) => sendContactCode(ctx, realMember(ctx.member).id, input))

  handle(app, deps, 'bindContact', async (input, ctx) => {
    const m = realMember(ctx.member)
    await bindContact(ctx, m.id, input)
    return moneyProfile(ctx.db, m.id, ctx.now())
  })

  handle(app, deps, 'sendPaymentResetCode', async (_input, ctx) => sendPaymentResetCode(ctx, realMember(ctx.member).id))

  handle(app, deps, 'resetPaymentPassword', async (input, ctx) => {
    const m = realMember(ctx.member)
    await resetPaymentPassword(ctx, m.id, input)
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

  handle(app, deps, 'walletBalances', async (_input, ctx) => walletBalances(ctx.db, realMember(ctx.member).id))
  handle(app, deps, 'walletRecallAll', async (input, ctx) => recallAll(ctx.db, realMember(ctx.member).id, input.idempotencyKey))

  handle(app, deps, 'uplineTransferInfo', async (_input, ctx) => uplineTransferInfo(ctx.db, realMember(ctx.member)))
  handle(app, deps, 'transferUpline', async (input, ctx) => transferToUpline(ctx.db, realMember(ctx.member), input, ctx.now()))

  handle(app, deps, 'depositChannels', async (_input, ctx) => {
    return { channels: [...depositChannels], promotion: await promotionFor(ctx.db, realMember(ctx.member).id) }
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
  handle(app, deps, 'profitReport', async (input, ctx) => profitReport(ctx.db, realMember(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'roundDetail', async (input, ctx) => roundDetail(ctx.db, realMember(ctx.member).id, input.roundId, ctx.language))

  // The proof is a raw image of up to 5 MB: above the JSON body limit of `handle`, so read here.
  app.post(endpoints.withdrawalProof.path, async (c) => {
    try {
      const token = /^Bearer ([A-Za-z0-9._~+/=-]{1,256})$/.exec(c.req.header(headerNames.authorization) ?? '')?.[1]
      const session = token ? await resolveSession(deps.db, token, deps.now()) : null
      // The same rule as every other call: a session with a forced password change may only change it.
      if (session?.mustChangePassword) throw new Fail('password_change_required')
      const member = realMember(session?.member ?? null)
      const id = (c.req.query('id') ?? '').slice(0, 64)
      if (!id) throw new Fail('validation_failed', 'Which withdrawal? (?id=)', { fields: { id: 'err_field_required' } })
      const declared = Number(c.req.header('content-length') ?? '0')
      if (declared > proofLimits.maxBytes) throw new Fail('validation_failed', 'The image is larger than 5 MB.', { fields: { proof: 'money_err_proof_size' } })
      const bytes = await readBytes(c.req.raw, proofLimits.maxBytes)
      if (!bytes) throw new Fail('validation_failed', 'The image is larger than 5 MB.', { fields: { proof: 'money_err_proof_size' } })
      const type = imageTypeOf(bytes)
      if (!type) throw new Fail('validation_failed', 'The proof must be a png or jpg image.', { fields: { proof: 'money_err_proof_type' } })
      const value = await storeProof(deps.db, member.id, id, bytes, type, deps.now())
      return c.json({ success: true, code: 'ok', message: '', value })
    } catch (err) {
      if (err instanceof Fail) return failResponse(c, err, err.fields?.proof === 'money_err_proof_size' ? 413 : undefined)
      console.error('[sandbox] proof upload failed:', err)
      return failResponse(c, new Fail('server_error'))
    }
  })
}
