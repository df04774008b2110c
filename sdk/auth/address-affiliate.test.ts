import { afterAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { $addressAffiliate, checkAddressAffiliate } from './index.ts'

// The invitation code a registration address carries: valid, refused (the page says
// the link is no longer valid), or not known because the check itself failed (the page says nothing).
const sandbox = await startSandbox()
afterAll(() => sandbox.close())

describe('the address invitation code', () => {
  it('is valid, refused, or unknown when the platform could not be asked', async () => {
    configure({ baseURL: sandbox.url, storage: createStorage() })
    await checkAddressAffiliate('AG01INVITE')
    expect($addressAffiliate.get()).toEqual({ code: 'AG01INVITE', valid: true })
    await checkAddressAffiliate(' NOSUCH1234 ')
    expect($addressAffiliate.get()).toEqual({ code: 'NOSUCH1234', valid: false })
    // Nothing listens there: the check fails, which says nothing about the code.
    configure({ baseURL: 'http://127.0.0.1:9', storage: createStorage() })
    await checkAddressAffiliate('AG01INVITE')
    expect($addressAffiliate.get()).toEqual({ code: 'AG01INVITE', valid: false, unknown: true })
    await checkAddressAffiliate('')
    expect($addressAffiliate.get()).toBeNull()
  })
})
