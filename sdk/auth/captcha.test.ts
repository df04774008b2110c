import { allTasks } from 'nanostores'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { createCaptcha } from './captcha.ts'

// A form's captcha against the reference platform, counting what reaches it.
const sandbox = await startSandbox()
afterAll(() => sandbox.close())

let asked = 0
beforeEach(() => {
  asked = 0
  configure({
    baseURL: sandbox.url,
    storage: createStorage(),
    fetch: (input, init) => {
      if (new URL(input instanceof Request ? input.url : String(input)).pathname === '/wps/captcha') asked++
      return fetch(input, init)
    },
  })
})

/** The captcha ids the platform issued, from the sandbox's dev inbox. */
const issued = async (): Promise<string[]> => ((await sandbox.admin.inbox()) as { captcha: { captchaId: string }[] }).captcha.map((c) => c.captchaId)

describe('captcha store', () => {
  it('asks for one image when shown, keeps it while shown again, and a reload brings a new one whose id the form sends', async () => {
    const captcha = createCaptcha()
    // A store that fetches starts its request as it is shown (a nanostores task): none runs.
    await allTasks()
    expect(asked).toBe(0)

    let stop = captcha.$captcha.listen(() => {})
    await vi.waitFor(() => expect(captcha.$captcha.get().data).toBeDefined(), { timeout: 10_000 })
    const first = captcha.id()
    expect(asked).toBe(1)
    expect(await issued()).toContain(first)
    stop()

    // Shown again (the popup reopened): the same image, nothing asked.
    stop = captcha.$captcha.listen(() => {})
    expect(captcha.id()).toBe(first)
    expect(asked).toBe(1)

    await captcha.reload()
    expect(asked).toBe(2)
    expect(captcha.id()).not.toBe(first)
    expect(await issued()).toContain(captcha.id())
    stop()
  })

  it('honours a refresh at most once a second', async () => {
    let now = 10_000
    const captcha = createCaptcha(() => now)
    const stop = captcha.$captcha.listen(() => {})
    await vi.waitFor(() => expect(captcha.$captcha.get().data).toBeDefined(), { timeout: 10_000 })
    const first = captcha.id()
    expect(captcha.refresh()).toBe(true)
    expect(captcha.refresh()).toBe(false)
    await vi.waitFor(() => expect(captcha.id()).not.toBe(first), { timeout: 10_000 })
    expect(asked).toBe(2)
    now += 1_000
    expect(captcha.refresh()).toBe(true)
    await vi.waitFor(() => expect(asked).toBe(3), { timeout: 10_000 })
    stop()
  })
})
