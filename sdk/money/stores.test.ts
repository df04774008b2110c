import { beforeAll, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { $accountRecord, $accountRecordFilter, $wallets, filterAccountRecord, transferWallet } from './index.ts'

// The member centre's remote stores against the reference platform: asked for while shown, asked
// again after the member moves money or changes a filter, the last page kept on screen meanwhile.

const { sb } = sandboxForFile()
let asked: string[] = []
beforeAll(async () => {
  asked = await signInCounting(sb, 'demo01', 'demo1234')
})

describe('member centre stores', () => {
  it('show the wallets after a transfer between them without being asked', async () => {
    const stop = $wallets.listen(() => {})
    await vi.waitFor(() => expect($wallets.get().data).toBeDefined(), { timeout: 10_000 })
    const before = $wallets.get().data!
    const vendor = before.wallets.find((w) => w.code !== 'main') ?? before.wallets[0]
    const main = (data: typeof before) => data.sumBalance - data.wallets.filter((w) => w.code !== 'main').reduce((s, w) => s + w.balance, 0)
    const moved = await transferWallet({ from: 'main', to: vendor.code, amount: 1_00 })
    expect(moved.error).toBeUndefined()
    await vi.waitFor(() => expect($wallets.get().data?.wallets.find((w) => w.code === vendor.code)?.balance).toBe(vendor.balance + 1_00), { timeout: 10_000 })
    expect(main($wallets.get().data!)).toBe(main(before) - 1_00)
    stop()
  })

  it('ask for the account record again on a new filter, page 1, keeping the last page on screen meanwhile', async () => {
    const stop = $accountRecord.listen(() => {})
    await vi.waitFor(() => expect($accountRecord.get().data).toBeDefined(), { timeout: 10_000 })
    const first = $accountRecord.get().data
    const seen: { loading?: boolean; data?: unknown }[] = []
    const watch = $accountRecord.listen((state) => void seen.push({ ...state }))
    filterAccountRecord({ kind: 'transfer' })
    await vi.waitFor(() => expect(asked.filter((a) => a.includes('kind=transfer'))).toHaveLength(1), { timeout: 10_000 })
    await vi.waitFor(() => expect($accountRecord.get().loading).toBe(false), { timeout: 10_000 })
    watch()
    expect($accountRecordFilter.get()).toMatchObject({ kind: 'transfer', page: 1 })
    expect(seen.filter((state) => state.loading).every((state) => state.data === first)).toBe(true)
    expect(seen.filter((state) => state.loading)).not.toHaveLength(0)
    stop()
  })
})
