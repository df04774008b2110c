/**
 * The member's confirmation of a disbursed withdrawal (SPEC §4): received, not received (with the
 * proof image), or fully paid in parts, on the form engine.
 * @module
 */
import { WithdrawalReceipt } from '../contract/money.ts'
import { createForm } from '../form/index.ts'
import { parseAmount } from './amount.ts'
import { uploadProof } from './proof.ts'
import { confirmWithdrawal } from './withdraw.ts'

type Choice = (typeof WithdrawalReceipt.entries.outcome.options)[number]

// "Nothing remains" is a real answer here, not a missing amount.
const partAmount = (text: string) => (text.trim() === '0' ? { minor: 0 } : parseAmount(text))

/**
 * The receipt form of one withdrawal: `submit({ outcome })` sends the member's choice; "not received"
 * uploads the proof image first, "fully paid" reads the two parts into minor units.
 */
export function createReceiptForm(id: string) {
  return createForm({
    initial: { outcome: 'received' as Choice, receivedAmount: '', remainingAmount: '', proof: null as Blob | null },
    schema: WithdrawalReceipt,
    input: (values) => {
      if (values.outcome !== 'fully_paid') return { id, outcome: values.outcome }
      const [a, b] = [parseAmount(values.receivedAmount), partAmount(values.remainingAmount)]
      return { id, outcome: values.outcome, receivedAmount: 'minor' in a ? a.minor : undefined, remainingAmount: 'minor' in b ? b.minor : undefined }
    },
    check: (values) => {
      if (values.outcome === 'not_received') return values.proof ? {} : { proof: { key: 'money_err_proof_required' } }
      if (values.outcome !== 'fully_paid') return {}
      const [a, b] = [parseAmount(values.receivedAmount), partAmount(values.remainingAmount)]
      return { ...('errorKey' in a && { receivedAmount: { key: a.errorKey } }), ...('errorKey' in b && { remainingAmount: { key: b.errorKey } }) }
    },
    submit: async (input, values) => {
      if (values.proof) {
        const up = await uploadProof(id, values.proof)
        if (up.error) return up
      }
      return confirmWithdrawal(input)
    },
  })
}
