import type { Withdrawal } from '../contract/index.ts'
import { proofLimits } from '../contract/money.ts'
import { ApiError } from '../client/index.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { moneyApi } from './api.ts'
import { loadWithdrawInfo } from './withdraw.ts'

/**
 * Uploads the proof image of a withdrawal not received (png or jpg, at most 5 MB, SPEC §5) as the
 * route's binary body. The file's type and size are checked here first, so a wrong file is refused
 * before anything is sent.
 */
export async function uploadProof(withdrawalId: string, file: Blob): Promise<Outcome<Withdrawal>> {
  if (!(proofLimits.types as readonly string[]).includes(file.type)) return { error: new ApiError('validation_failed', { fields: { proof: 'money_err_proof_type' } }) }
  if (file.size > proofLimits.maxBytes) return { error: new ApiError('validation_failed', { fields: { proof: 'money_err_proof_size' } }) }
  const result = await outcome(() => moneyApi('withdrawalProof', { id: withdrawalId, proof: file }))
  if (result.data) await loadWithdrawInfo()
  return result
}
