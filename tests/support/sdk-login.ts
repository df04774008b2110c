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
