/**
 * The back office's reward approvals area (finance and owners): point-mall redeems and promotion
 * applications waiting, each approved after a confirmation or rejected with a reason, sent with an
 * idempotency key made when the decision was asked for.
 * @module
 */
import * as v from 'valibot'
import type { ApiError } from '../client/index.ts'
import { type PendingReward, RewardRejectRequest } from '../contract/backoffice.ts'
import { opsApi } from './api.ts'
import { confirmable, reasonForm } from './confirm.ts'
import { remoteStore } from './remote.ts'

/** A decision on a waiting reward (a rejection is sent by its reason's form). */
export interface RewardAction {
  decision: 'approve' | 'reject'
  reward: PendingReward
}

const RewardReason = v.object({ reason: RewardRejectRequest.entries.reason })

/** Creates the reward approvals area's stores; `onError` sees every refusal (an ended session). */
export function createRewardsArea(onError: (error: ApiError) => void) {
  const list = remoteStore(async () => (await opsApi('opsRewards')).rewards, onError)
  const decide = confirmable<RewardAction>(
    ({ decision, reward }, idempotencyKey) =>
      decision === 'reject' ? Promise.reject(new Error('a rejection is sent by its form')) : opsApi('opsApproveReward', { kind: reward.kind, id: reward.id, idempotencyKey }),
    () => void list.load(),
    onError,
  )
  const rejectForm = reasonForm(
    decide,
    RewardReason,
    ({ reward: { kind, id } }, reason, idempotencyKey) => opsApi('opsRejectReward', { kind, id, reason, idempotencyKey }),
    () => void list.load(),
    onError,
  )
  return { list, decide, rejectForm }
}

/** The reward approvals area's stores ({@link createRewardsArea}). */
export type RewardsArea = ReturnType<typeof createRewardsArea>
