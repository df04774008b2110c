import type { Hono } from 'hono'
import { consume, type Limit } from '../../auth/ratelimit.ts'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { attachImages } from '../../service/feedback.ts'

/**
 * Feedback from the help centre's form, a few messages per address and window.
 * @module
 */

/** Feedback messages one address may send per window. */
export const FEEDBACK_LIMIT = { count: 5, windowMs: 10 * 60 * 1000 }
/** The same limit as the platform's rate limits count it: atomically, so a parallel flood cannot pass it. */
const feedbackIp: Limit = { bucket: 'feedback_ip', max: FEEDBACK_LIMIT.count, windowMs: FEEDBACK_LIMIT.windowMs }

/**
 * Mounts the feedback endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerFeedbackRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'feedback', async (input, ctx) => {
    await consume(ctx.db, [{ limit: feedbackIp, key: ctx.ip }], ctx.now(), 'feedback messages from this address')
    await ctx.db.tx(async (q) => {
      const [row] = await q.query<{ id: number }>(
        'INSERT INTO feedback (member_id, question_type, content, ip, created_at) VALUES ($1, $2, $3, $4, $5::timestamptz) RETURNING id',
        [ctx.member?.id ?? null, input.questionType, input.content, ctx.ip, new Date(ctx.now()).toISOString()],
      )
      // The images uploaded before (sandbox/service/feedback.ts), by the same member or guest.
      await attachImages(q, Number(row.id), ctx.member?.id ?? null, input.images)
    })
    return {}
  })
}
