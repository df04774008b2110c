import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import type { Status } from '../contract/index.ts'
import { ApiError } from '../client/index.ts'
import { $locale } from '../i18n/index.ts'
import { configure, getStorage } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { $status } from '../stores/index.ts'
import { statusCacheKey } from './access.ts'
import { decide, runGate } from './index.ts'

// The gate against a real sandbox (port 0, throwaway database), as a page's island runs it.
const sandbox = await startSandbox()
afterAll(() => sandbox.close())

let statusCalls = 0
let failing = false
const early = globalThis as { lkStatus?: Promise<{ status: number; text: string }> }

beforeEach(() => {
  statusCalls = 0
  failing = false
  const fetchCounting: typeof fetch = (input, init) => {
    if (new URL(input instanceof Request ? input.url : String(input)).pathname === '/wps/system/status') {
      statusCalls++
      if (failing) return Promise.reject(new TypeError('Failed to fetch'))
    }
    return fetch(input, init)
  }
  configure({ baseURL: sandbox.url, storage: createStorage(), fetch: fetchCounting })
  $locale.set('en')
})
afterEach(async () => {
  delete early.lkStatus
  await sandbox.admin.setStatus({ maintenance: false, regionRestriction: false, loginOnly: false, title: null, endTime: null })
})

/** What the head script leaves in `window.lkStatus`: the raw reply of its own status call. */
async function headCall(language: string): Promise<{ status: number; text: string }> {
  const r = await fetch(`${sandbox.url}/wps/system/status?url=example.test`, { headers: { Language: language } })
  return { status: r.status, text: await r.text() }
}

describe('status gate', () => {
  const ok = { loading: false, data: { maintenance: { enabled: false }, regionRestriction: { enabled: false } } as Status }
  const failed = { loading: false, error: new ApiError('network_error') }

  it('keeps a guest out of a protected page when the status cannot be read and none is cached', () => {
    expect(decide(failed, '/vip', false, false)).toBe('error')
    expect(decide(failed, '/vip', false, false, { loginOnly: false, systemStatus: 0 })).toBe('app')
    expect(decide(failed, '/vip', false, false, { loginOnly: true, systemStatus: 0 })).toBe('login')
    expect(decide(failed, '/vip', false, false, { loginOnly: false, systemStatus: 1 })).toBe('maintenance')
    expect(decide(failed, '/', true, false, { loginOnly: false, systemStatus: 2 })).toBe('blocked')
    // Public routes and sessions are not under the login-only rule.
    expect(decide(failed, '/login', false, false)).toBe('app')
    expect(decide(failed, '/vip', true, false)).toBe('app')
    // A status that was read is what counts, never the cache.
    expect(decide(ok, '/vip', false, false, { loginOnly: true, systemStatus: 1 })).toBe('app')
  })

  it('uses the head script call instead of calling the status again, texts in the page language', async () => {
    await sandbox.admin.setStatus({ maintenance: true, title: { es: 'Mejoras en la plataforma' }, endTime: '2030-01-01T10:00:00Z' })
    early.lkStatus = headCall('es')
    expect(await runGate('/vip')).toBe('maintenance')
    expect(statusCalls).toBe(0)
    expect($status.get().data?.maintenance).toMatchObject({ title: 'Mejoras en la plataforma', endTime: '2030-01-01T10:00:00.000Z' })
    expect(getStorage().local.get(statusCacheKey)).toEqual({ loginOnly: false, systemStatus: 1 })
  })

  it('asks in the page language when it calls the status itself', async () => {
    await sandbox.admin.setStatus({ regionRestriction: true })
    $locale.set('es')
    expect(await runGate('/')).toBe('blocked')
    expect(statusCalls).toBe(1)
    expect($status.get().data?.regionRestriction.message).toMatch(/restringido/)
  })

  it('shows the error when the head call failed, and a retry asks again and opens the page', async () => {
    early.lkStatus = Promise.reject(new TypeError('Failed to fetch'))
    expect(await runGate('/vip')).toBe('error')
    expect($status.get().error?.messageKey).toBe('err_network_error')
    expect(statusCalls).toBe(0)
    failing = true
    expect(await runGate('/vip', { fresh: true })).toBe('error')
    const tried = statusCalls
    expect(tried).toBeGreaterThan(0)
    failing = false
    expect(await runGate('/vip', { fresh: true })).toBe('app')
    expect(statusCalls).toBe(tried + 1)
  })

  it('falls back on the cached status when the status cannot be read', async () => {
    getStorage().local.set(statusCacheKey, { loginOnly: false, systemStatus: 0 })
    failing = true
    expect(await runGate('/vip')).toBe('app')
    getStorage().local.set(statusCacheKey, { loginOnly: false, systemStatus: 1 })
    expect(await runGate('/promotions')).toBe('maintenance')
  })
})
