import { headerNames, type Withdrawal } from '../contract/index.ts'
import { proofLimits } from '../contract/money.ts'
import { moneyRoutes } from '../contract/routes/money.ts'
import { ApiError } from '../client/index.ts'
import { readReply } from '../client/reply.ts'
import { getBaseURL, getMerchant, getStorage } from '../runtime/index.ts'
import { loadWithdrawInfo } from './withdraw.ts'
import { outcome, type Outcome } from '../client/outcome.ts'

/**
 * Uploads the proof image of a withdrawal not received (png or jpg, at most 5 MB, SPEC §5). The
 * file's type and size are checked here first, so a wrong file is refused before anything is sent.
 * A raw image body is not what `api` sends, hence this one direct call.
 */
export async function uploadProof(withdrawalId: string, file: Blob): Promise<Outcome<Withdrawal>> {
  if (!(proofLimits.types as readonly string[]).includes(file.type)) return { error: new ApiError('validation_failed', { fields: { proof: 'money_err_proof_type' } }) }
  if (file.size > proofLimits.maxBytes) return { error: new ApiError('validation_failed', { fields: { proof: 'money_err_proof_size' } }) }
  const result = await outcome(async () => {
    const token = getStorage().session.get('token')
    if (typeof token !== 'string' || !token) throw new ApiError('session_expired')
    const route = moneyRoutes.withdrawalProof
    let res: Response
    try {
      res = await fetch(`${getBaseURL()}${route.path}?id=${encodeURIComponent(withdrawalId)}`, {
        method: route.method,
        headers: { [headerNames.authorization]: `Bearer ${token}`, [headerNames.merchant]: getMerchant(), 'Content-Type': file.type },
        body: file,
      })
    } catch (cause) {
      throw new ApiError('network_error', { cause })
    }
    return readReply({ status: res.status, text: await res.text() }, route.response)
  })
  if (result.data) await loadWithdrawInfo()
  return result
}
