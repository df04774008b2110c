import { beforeAll, describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { moneyApi } from './api.ts'
import { addPayoutAccount, confirmWithdrawal, requestWithdrawal, saveRealName, savePaymentPassword, uploadProof } from './index.ts'

// The proof image goes through the client and the route table's binary body like every other call:
// the session, language and envelope handling of the client, the platform's size and type checks.

const { sb } = sandboxForFile()
let asked: string[] = []
let withdrawalId = ''
beforeAll(async () => {
  asked = await signInCounting(sb, 'demo01', 'demo1234')
  await saveRealName('Demo Player')
  await savePaymentPassword({ newPassword: '135790', confirmNewPassword: '135790' })
  const profile = await addPayoutAccount({ kind: 'bank', provider: 'BDO', accountNo: '1234567890' })
  const w = await requestWithdrawal({ amount: 100_00, accountId: profile.data!.accounts[0].id, paymentPassword: '135790' })
  withdrawalId = w.data!.id
  const admin = (step: string) =>
    fetch(`${sb.url}/sandbox/admin/withdrawals/${withdrawalId}/${step}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
  await admin('approve')
  await admin('disburse')
})

const png = (size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return new Blob([bytes], { type: 'image/png' })
}

describe('uploadProof', () => {
  it('refuses a wrong type or size before sending anything', async () => {
    const before = asked.length
    expect((await uploadProof(withdrawalId, new Blob(['GIF89a'], { type: 'image/gif' }))).error?.fields).toEqual({ proof: 'money_err_proof_type' })
    expect((await uploadProof(withdrawalId, png(5 * 1024 * 1024 + 1))).error?.fields).toEqual({ proof: 'money_err_proof_size' })
    expect(asked.length).toBe(before)
  })

  it('sends the image as the binary body with the id in the query, and the platform checks the bytes', async () => {
    // A png by its name but not by its bytes: the platform reads the bytes.
    const fake = await uploadProof(withdrawalId, new Blob(['not a picture'], { type: 'image/png' }))
    expect(fake.error?.fields).toEqual({ proof: 'money_err_proof_type' })
    const sent = await uploadProof(withdrawalId, png(2048))
    expect(sent.data).toMatchObject({ id: withdrawalId, hasProof: true, status: 'disbursed' })
    expect(asked.filter((a) => a.startsWith('/wps/relay/MCSFE_uploadWithdrawalProof'))).toEqual([
      `/wps/relay/MCSFE_uploadWithdrawalProof?id=${withdrawalId}`,
      `/wps/relay/MCSFE_uploadWithdrawalProof?id=${withdrawalId}`,
    ])
    expect((await confirmWithdrawal({ id: withdrawalId, outcome: 'not_received' })).data?.status).toBe('not_received')
    expect((await moneyApi('withdrawInfo')).withdrawals.find((w) => w.id === withdrawalId)?.hasProof).toBe(true)
  })
})
