/**
 * The speed test's domain routes in the sandbox: each seeded route's probe (sandbox/seed/config.ts)
 * answers after a delay of its own, so the speed test shows a real spread, one of them after the
 * client's time-out. On by default in production too: they are what the seeded routes name.
 * @module
 */
import type { Hono } from 'hono'
import type { Deps } from '../http/context.ts'

/** Delay of each route's answer, in milliseconds (unknown routes answer at once). */
export const routeDelays: Readonly<Record<string, number>> = {
  'www1.lobbykit.example': 30,
  'www2.lobbykit.example': 180,
  'www3.lobbykit.example': 450,
  'www4.lobbykit.example': 4000,
  'app1.lobbykit.example': 60,
  'app2.lobbykit.example': 300,
}

/** Registers `GET /sandbox/route/:name`: answers 204 after the route's delay. */
export function registerSpeedRoutes(app: Hono, _deps: Deps): void {
  app.get('/sandbox/route/:name', async (c) => {
    const delay = routeDelays[c.req.param('name')] ?? 0
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay)
      c.req.raw.signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })
    return c.body(null, 204, { 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*', 'Timing-Allow-Origin': '*' })
  })
}
