import type { Hono } from 'hono'
import { Fail } from '../../http/fail.ts'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { attachImages } from '../../service/feedback.ts'

/**
 * Feedback from the help centre's form, a few messages per address and window.
 * @module
 */

/** Feedback messages one address may send per window. */
export const FEEDBACK_LIMIT = { count: 5, windowMs: 10 * 60 * 1000 }

/**
 * Mounts the feedback endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerFeedbackRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'feedback', async (input, ctx) => {
    const since = new Date(ctx.now() - FEEDBACK_LIMIT.windowMs).toISOString()
    const [{ n }] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback WHERE ip = $1 AND created_at > $2::timestamptz', [ctx.ip, since])
    if (n >= FEEDBACK_LIMIT.count) throw new Fail('rate_limited', 'Too much feedback from this address. Please try again later.')
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
