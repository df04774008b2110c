import type { Hono } from 'hono'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { issueCaptcha } from '../../auth/captcha.ts'
import { issueSlider } from '../../auth/slider.ts'

/**
 * The bot checks: a captcha picture and a slide-to-verify challenge; their answers stay on the
 * server (the dev inbox lets tests and people solve them).
 * @module
 */

/**
 * Mounts the challenge endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerChallengeRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'captcha', async (_input, ctx) => {
    const now = ctx.now()
    const { captchaId, image, answer } = await issueCaptcha(ctx.db, ctx.ip, now)
    ctx.inbox.push('captcha', { captchaId, answer, ip: ctx.ip, at: new Date(now).toISOString() })
    return { captchaId, image }
  })

  handle(app, deps, 'slider', async (_input, ctx) => {
    const { challengeId, image, target } = await issueSlider(ctx.db, ctx.now())
    // The target stays on the server; the dev inbox (absent in production) lets tests solve it.
    ctx.inbox.push('slider', { challengeId, target })
    return { challengeId, image }
  })
}
