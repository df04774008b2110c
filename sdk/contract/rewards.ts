import * as v from 'valibot'
import { IdempotencyKey, int, required, text } from './common.ts'
import { PaymentPassword } from './money.ts'

/**
 * Rewards and loyalty: the wire schemas of the rewards engine's calls — reward centre,
 * bonus details, missions, VIP, point mall, referral, manual rebate and promotion activities.
 * Amounts are integers in minor units; points are whole numbers.
 * @module
 */

/** Activity application limits (SPEC §5): comment ≤ 140 characters, ≤ 3 png or jpg images ≤ 5 MB each. */
export const activityLimits = { maxComment: 140, maxImages: 3, maxBytes: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg'] } as const

/** Where an award came from. */
export const awardSources = ['mission', 'rebate', 'referral', 'rank', 'mall', 'points', 'activity', 'raffle'] as const
const when = int(0)

/** A cash award: claimable in the reward centre, or claimed (then a bonus with its wagering). */
export const AwardSchema = v.object({
  id: text(64),
  source: v.picklist(awardSources),
  ref: text(200),
  amount: int(1),
  status: v.picklist(['claimable', 'claimed']),
  createdAt: when,
  claimedAt: v.nullable(when),
})
/** The reward centre: claimable awards first, then claimed ones. */
export const AwardsSchema = v.object({ list: v.array(AwardSchema) })
/** A claim's answer: the award as claimed. */
export const ClaimAwardRequest = v.object({ awardId: required(64), idempotencyKey: IdempotencyKey })

/** One bonus received, with its wagering requirement and what was staked towards it. */
export const BonusSchema = v.object({
  id: text(64),
  source: text(32),
  ref: text(200),
  amount: int(1),
  required: int(0),
  wagered: int(0),
  remaining: int(0),
  receivedAt: when,
})
/** Bonus details: every bonus, and the wagering still required in all (the withdrawal page's figure). */
export const BonusesSchema = v.object({ list: v.array(BonusSchema), remaining: int(0) })

/** The member's rewards at a glance: points, and the counts behind the centre's badges. */
export const RewardSummarySchema = v.object({ points: int(0), claimable: int(0), missions: int(0) })

/** A mission with its live progress and whether it may be claimed. */
export const MissionSchema = v.object({
  id: text(64),
  title: text(200),
  period: v.picklist(['daily', 'weekly']),
  progress: int(0),
  target: int(1),
  /** What progress and target count: `money` in minor units (amounts staked or paid in), `count` (rounds, bets, wins). */
  unit: v.optional(v.picklist(['count', 'money']), 'count'),
  reward: int(0),
  points: int(0),
  status: v.picklist(['progress', 'claimable', 'claimed']),
  endsAt: when,
})
export const MissionsSchema = v.object({ missions: v.array(MissionSchema) })
export const ClaimMissionRequest = v.object({ missionId: required(64), idempotencyKey: IdempotencyKey })
export const ClaimMissionValue = v.object({ awardId: text(64), amount: int(0), points: int(0) })
/** A leaderboard line. */
export const BoardLineSchema = v.object({ rank: int(1), account: text(64), score: int(0) })
/** The week's top 50 and the member's own place (null before the member played this week). */
export const BoardSchema = v.object({ list: v.array(BoardLineSchema), me: v.nullable(BoardLineSchema) })

/** One rank of the VIP ladder: what it needs and gives. */
export const RankSchema = v.object({ level: int(0), validBet: int(0), deposit: int(0), upgradeBonus: int(0), rebateBp: int(0), pointsBp: int(0) })
/** The member's VIP standing. */
export const VipSchema = v.object({
  ranks: v.array(RankSchema),
  level: int(0),
  reachedAt: v.nullable(when),
  validBet: int(0),
  deposit: int(0),
  next: v.nullable(RankSchema),
  history: v.array(v.object({ level: int(0), reachedAt: when })),
  vipLine: v.boolean(),
})

/** The VIP ladder as anyone may see it (no login): every rank with what it needs and gives, lowest first. */
export const VipLadderSchema = v.object({ ranks: v.array(RankSchema) })

/** A reward of the point mall; `image` is its picture's path, relative to an image CDN. */
export const MallRewardSchema = v.object({
  id: text(64),
  title: text(200),
  points: int(1),
  amountRequired: int(0),
  quantity: int(0),
  cash: int(0),
  image: text(500),
})
/** The mall: points balance, the points-to-balance ratio, the rewards. */
export const MallSchema = v.object({
  points: int(0),
  ratio: v.object({ points: int(1), amount: int(1), minPoints: int(1) }),
  validBet: int(0),
  rewards: v.array(MallRewardSchema),
})
/** The mall's catalogue as anyone may see it (no login): the points-to-balance ratio and the rewards with their prices. */
export const MallCatalogueSchema = v.object({
  ratio: v.object({ points: int(1), amount: int(1), minPoints: int(1) }),
  rewards: v.array(MallRewardSchema),
})
/** Redeem states (SPEC §4): in process, approved, rejected. */
export const redeemStates = ['process', 'approved', 'rejected'] as const
export const RedeemSchema = v.object({
  id: text(64),
  rewardId: text(64),
  title: text(200),
  points: int(0),
  status: v.picklist(redeemStates),
  remark: text(500),
  createdAt: when,
  decidedAt: v.nullable(when),
})
export const RedeemsSchema = v.object({ list: v.array(RedeemSchema) })
/** Redeems a reward with the payment password (sealed). */
export const RedeemRequest = v.object({
  rewardId: required(64),
  paymentPassword: PaymentPassword,
  idempotencyKey: IdempotencyKey,
})
/** Points details: every change with its reason. */
export const PointsDetailsSchema = v.object({ list: v.array(v.object({ id: int(0), delta: int(), reason: text(32), ref: text(200), at: when })) })
/** Converts points to balance with the payment password (sealed). */
export const ConvertRequest = v.object({
  points: v.pipe(v.number('rewards_err_convert_step'), v.integer('rewards_err_convert_step'), v.minValue(1, 'rewards_err_convert_step'), v.maxValue(100_000_000)),
  paymentPassword: PaymentPassword,
  idempotencyKey: IdempotencyKey,
})
export const ConvertValue = v.object({ points: int(0), amount: int(0), balance: int(0) })

/** Referral: the member's code, the friends who joined by it and the rule's figures. */
export const ReferralSchema = v.object({
  code: text(32),
  link: text(2100),
  qr: v.object({ size: int(1, 200), path: text(60_000) }),
  friends: v.array(v.object({ account: text(64), joinedAt: when, qualified: v.boolean(), earned: int(0), points: int(0) })),
  /** The friend qualifies once their deposits reach `minDeposit` and their valid bets `minStake` (one friend per household or device). */
  rule: v.object({ minDeposit: int(0), minStake: int(0), bonus: int(0), perMonth: int(0), joinPoints: int(0) }),
})
/** The site origin the invitation link points at (from the page's configuration). */
export const ReferralQuery = v.object({ origin: v.pipe(v.string(), v.maxLength(200), v.regex(/^https?:\/\/[A-Za-z0-9.:[\]-]+$/)) })

/** The manual rebate due per category since the last claim. */
export const RebateSchema = v.object({
  since: when,
  lines: v.array(v.object({ category: text(32), validBet: int(0), rateBp: int(0), amount: int(0) })),
  total: int(0),
  claimedToday: v.boolean(),
  nextAt: when,
  lastClaim: v.nullable(v.object({ at: when, amount: int(0) })),
})
export const ClaimRebateRequest = v.object({ idempotencyKey: IdempotencyKey })
export const ClaimRebateValue = v.object({ amount: int(0) })

/** Activity states (SPEC §4). */
export const activityStates = ['join', 'applying', 'claim', 'claimed', 'issued', 'rejected', 'closed', 'process', 'joined', 'coming_soon', 'signed'] as const
export type ActivityState = (typeof activityStates)[number]
export const ActivitySchema = v.object({
  promotionId: text(64),
  kind: v.picklist(['apply', 'join', 'raffle', 'sign']),
  reward: int(0),
  state: v.picklist(activityStates),
  remark: text(500),
  comment: text(600),
  images: int(0),
  awardId: v.nullable(text(64)),
})
export const ActivitiesSchema = v.object({ list: v.array(ActivitySchema) })
export const ActivityIdRequest = v.object({ promotionId: required(64) })
/** The application: the comment (≤ 140 characters), sent after its images. */
export const ApplyRequest = v.object({
  promotionId: required(64),
  comment: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'err_field_required'),
    v.check((s) => [...s].length <= activityLimits.maxComment, 'rewards_err_comment_long'),
  ),
})
export const ImageIdRequest = v.object({ imageId: required(64) })
export const ImageStoredValue = v.object({ id: text(64), count: int(0) })
