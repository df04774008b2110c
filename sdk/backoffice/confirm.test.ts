import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../client/index.ts'
import { confirmable, reasonForm } from './confirm.ts'

describe('confirmable', () => {
  it('sends nothing until confirmed, and retries a failed send with the key made when it was asked for', async () => {
    const sent: { action: string; key: string }[] = []
    let fail = true
    let done = 0
    const errors: string[] = []
    const c = confirmable<string>(
      async (action, key) => {
        sent.push({ action, key })
        if (fail) throw new ApiError('network_error')
      },
      () => done++,
      (e) => errors.push(e.code),
    )
    expect(await c.confirm()).toBe(false)
    c.ask('approve wd_1')
    expect(sent).toEqual([])
    const key = c.$pending.get()?.key
    expect(key).toMatch(/^[a-f0-9]{36}$/)
    expect(await c.confirm()).toBe(false)
    expect(c.$pending.get()).toMatchObject({ action: 'approve wd_1', busy: false, error: { code: 'network_error' } })
    fail = false
    expect(await c.confirm()).toBe(true)
    expect(sent.map((s) => s.key)).toEqual([key, key])
    expect(c.$pending.get()).toBeNull()
    expect(done).toBe(1)
    expect(errors).toEqual(['network_error'])
    // The next action is another one: a new key.
    c.ask('approve wd_2')
    expect(c.$pending.get()?.key).not.toBe(key)
    c.cancel()
    expect(c.$pending.get()).toBeNull()
  })

  it('ignores a second confirmation while the first is on its way', async () => {
    let release: () => void = () => {}
    let calls = 0
    const c = confirmable<number>(
      () => {
        calls++
        return new Promise<void>((resolve) => {
          release = resolve
        })
      },
      () => {},
      () => {},
    )
    c.ask(1)
    const first = c.confirm()
    expect(await c.confirm()).toBe(false)
    c.cancel()
    expect(c.$pending.get()).toMatchObject({ busy: true })
    release()
    expect(await first).toBe(true)
    expect(calls).toBe(1)
  })
})

describe('reasonForm', () => {
  const Reason = v.object({ reason: v.pipe(v.string(), v.minLength(3, 'admin_err_reason')) })

  it('sends the action asked for with its kept key and the reason, refuses a short reason without sending, and keeps the key for a retry', async () => {
    const sent: { action: string; reason: string; key: string }[] = []
    let fail = true
    let done = 0
    const errors: string[] = []
    const c = confirmable<string>(
      async () => {},
      () => {},
      () => {},
    )
    const form = reasonForm(
      c,
      Reason,
      async (action, reason, key) => {
        sent.push({ action, reason, key })
        if (fail) throw new ApiError('network_error')
      },
      () => done++,
      (e) => errors.push(e.code),
    )
    // Nothing asked for: nothing sent.
    expect(await form.submit({ reason: 'duplicate request' })).toBeNull()
    c.ask('reject wd_1')
    const key = c.$pending.get()?.key
    expect(await form.submit({ reason: 'no' })).toBeNull()
    expect(form.$state.get().errors.reason).toBeDefined()
    expect(sent).toEqual([])
    expect((await form.submit({ reason: 'duplicate request' }))?.error?.code).toBe('network_error')
    expect(c.$pending.get()?.action).toBe('reject wd_1')
    fail = false
    await form.submit()
    expect(sent).toEqual([
      { action: 'reject wd_1', reason: 'duplicate request', key },
      { action: 'reject wd_1', reason: 'duplicate request', key },
    ])
    expect(c.$pending.get()).toBeNull()
    expect(done).toBe(1)
    expect(errors).toEqual(['network_error'])
  })

  it('sends nothing when the action has nowhere to go', async () => {
    const c = confirmable<boolean>(
      async () => {},
      () => {},
      () => {},
    )
    c.ask(true)
    const form = reasonForm(
      c,
      Reason,
      () => null,
      () => {},
      () => {},
    )
    expect(await form.submit({ reason: 'chargeback' })).toBeNull()
    expect(c.$pending.get()?.action).toBe(true)
  })
})
