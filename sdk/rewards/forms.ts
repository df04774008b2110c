/**
 * The point mall's forms on the form engine: redeeming a reward and converting points to balance,
 * both with the payment password, checked by the contract's own request schemas; a refusal lands at
 * its field (the password, the reward, the points) and nothing typed is lost.
 * @module
 */
import * as v from 'valibot'
import { ConvertRequest, RedeemRequest } from '../contract/rewards.ts'
import { outcome } from '../client/outcome.ts'
import { createForm } from '../form/index.ts'
import { keyed } from '../money/keyed.ts'
import { refreshBalance } from '../stores/index.ts'
import { rewardsApi } from './api.ts'
import { reloadRewards } from './stores.ts'

const redeem = keyed((input: { rewardId: string; paymentPassword: string }, idempotencyKey: string) => rewardsApi('mallRedeem', { ...input, idempotencyKey }), ['paymentPassword'])
const convert = keyed(
  (input: { points: number; paymentPassword: string }, idempotencyKey: string) => rewardsApi('pointsConvert', { ...input, idempotencyKey }),
  ['paymentPassword'],
)

/**
 * The redeem form of one reward: the payment password; `reward` carries the reward's id and is where
 * a refusal about the reward itself (not enough points, sold out, valid bets short) shows.
 */
export const createRedeemForm = (rewardId: string) =>
  createForm({
    initial: { reward: rewardId, paymentPassword: '' },
    schema: v.omit(RedeemRequest, ['idempotencyKey']),
    input: (values) => ({ rewardId: values.reward, paymentPassword: values.paymentPassword }),
    submit: async (input) => {
      const result = await outcome(() => redeem(input))
      if (result.data) reloadRewards()
      return result
    },
    keep: ['reward'],
  })

/** Points typed as text, as a number for the schema (a blank or a fraction fails its step rule). */
const pointsOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN)

/** The conversion form: points (whole steps of the ratio) and the payment password. */
export const createConvertForm = () =>
  createForm({
    initial: { points: '', paymentPassword: '' },
    schema: v.omit(ConvertRequest, ['idempotencyKey']),
    input: (values) => ({ points: pointsOf(values.points), paymentPassword: values.paymentPassword }),
    submit: async (input) => {
      const result = await outcome(() => convert(input))
      if (result.data) {
        reloadRewards()
        await refreshBalance()
      }
      return result
    },
  })
