/**
 * Test support for the SDK's unit tests, kept out of sdk/ (which never reaches the sandbox): signing in
 * through the SDK client against a running sandbox the way the login popup does (slider answer with a
 * recorded path, captcha answered from the dev inbox, encrypted body).
 * @module
 */
import { devSliderTarget, sliderAnswer } from '../../sandbox/auth/testkit.ts'
import type { Sandbox } from '../../sandbox/testing.ts'
import { api } from '../../sdk/runtime/core-api.ts'
import { authApi } from '../../sdk/auth/api.ts'
import { configure } from '../../sdk/runtime/index.ts'
import { createStorage } from '../../sdk/storage/index.ts'
import { setSession } from '../../sdk/stores/index.ts'

/**
 * Logs in as `username` through the client configured for `sandbox`; resolves with the login reply.
 * @example const { token } = await loginAs(sandbox, 'demo01', 'demo1234')
 */
export async function loginAs(sandbox: Pick<Sandbox, 'url' | 'admin'>, username = 'demo01', password = 'demo1234') {
  const slider = await authApi('slider')
  const captcha = await authApi('captcha')
  const inbox = (await sandbox.admin.inbox()) as { captcha: { captchaId: string; answer: string }[] }
  const answer = inbox.captcha.find((c) => c.captchaId === captcha.captchaId)?.answer
  return api('login', {
    type: 'username',
    username,
    password,
    captcha: answer,
    captchaId: captcha.captchaId,
    slider: sliderAnswer(slider.challengeId, await devSliderTarget(sandbox.url, slider.challengeId)),
  })
}

/**
 * Points the SDK at `sandbox` (fresh storage) and signs in as `username`, recording every path and
 * query the client asks for from then on: what the stores' tests count.
 * @returns the list the requests are recorded in, in order
 * @example const asked = await signInCounting(sandbox, 'agent01', 'agent1234')
 */
export async function signInCounting(sandbox: Pick<Sandbox, 'url' | 'admin'>, username: string, password: string): Promise<string[]> {
  const asked: string[] = []
  const counting: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    asked.push(`${url.pathname}${url.search}`)
    return fetch(input, init)
  }
  configure({ baseURL: sandbox.url, storage: createStorage(), fetch: counting })
  const value = await loginAs(sandbox, username, password)
  setSession({ token: value.token, account: value.userName, isAgent: value.isAgent })
  return asked
}
