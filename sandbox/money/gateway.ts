/**
 * The sandbox payment gateway: a page on the platform origin (`/sandbox/gateway/<order>`) where the
 * payer pays or declines a deposit order, and the gateway's signed callback
 * (`POST /sandbox/gateway/callback`) that settles it. The page's buttons send that same callback, so
 * the order is settled only ever through it; a replay changes nothing.
 * @module
 */
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import type { DepositOrder } from '../../sdk/contract/all.ts'
import { Fail, failResponse, invalid } from '../http/fail.ts'
import { parseJson, readBody } from '../http/body.ts'
import type { Deps } from '../http/context.ts'
import { findOrder, settleDeposit, signCallback } from './deposit.ts'
import { decimal } from '../decimal.ts'

const CallbackRequest = v.object({ orderId: v.pipe(v.string(), v.maxLength(64)), status: v.picklist(['paid', 'failed']), signature: v.pipe(v.string(), v.maxLength(128)) })

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const money = (minor: number) => decimal(minor, true)

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}
main{max-width:420px;margin:24px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002}
h1{font-size:1.3rem;margin:0 0 12px}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{color:#555}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
form{display:flex;gap:12px;margin-top:20px}button{flex:1;font:inherit;padding:12px;border-radius:8px;border:1px solid #888;cursor:pointer;min-height:44px}
.pay{background:#0b6b3a;color:#fff;border-color:#0b6b3a}.note{color:#555;font-size:.9rem}svg{width:180px;height:180px}
</style></head><body><main>${body}</main></body></html>`
}

function orderPage(o: DepositOrder): string {
  const rows: [string, string][] = [
    ['Order', o.orderId],
    ['Channel', o.channel],
    ['Amount', money(o.amount)],
    ['Reference', o.reference],
    ['Status', o.status],
  ]
  if (o.cryptoAddress) rows.push(['Address', o.cryptoAddress])
  const list = rows.map(([k, val]) => `<dt>${esc(k)}</dt><dd>${esc(val)}</dd>`).join('')
  const qr = o.qrSvg ? `<p>${o.qrSvg}</p>` : ''
  const actions =
    o.status === 'pending'
      ? `<form method="post"><button class="pay" name="action" value="pay">Pay ${esc(money(o.amount))}</button><button name="action" value="decline">Decline</button></form>`
      : `<p class="note">This order is ${esc(o.status)}. You can close this window.</p>`
  return page('Sandbox payment gateway', `<h1>Sandbox payment gateway</h1><dl>${list}</dl>${qr}${actions}<p class="note">A payment simulator: no real money moves.</p>`)
}

/** Registers the gateway page and its callback. */
export function registerGatewayRoutes(app: Hono, deps: Deps): void {
  const html = (c: Context, body: string, status = 200) => c.html(body, status as 200, { 'Cache-Control': 'no-store' })

  app.post('/sandbox/gateway/callback', async (c) => {
    try {
      const parsed = v.safeParse(CallbackRequest, parseJson(await readBody(c.req.raw)))
      if (!parsed.success) throw invalid(parsed.issues)
      // The provider the platform runs checks its own signature (sandbox/money/providers.ts).
      const verified = deps.payments?.verifyCallback(parsed.output) ?? null
      if (!verified) throw new Fail('forbidden', 'Bad signature.')
      const { orderId, status } = verified
      const { order, settled } = await settleDeposit(deps.db, orderId, status, deps.now())
      return c.json({ success: true, code: 'ok', message: '', value: { order, settled } })
    } catch (err) {
      if (err instanceof Fail) return failResponse(c, err)
      console.error('[sandbox] gateway callback failed:', err)
      return failResponse(c, new Fail('server_error'))
    }
  })

  app.get('/sandbox/gateway/:order', async (c) => {
    const order = await findOrder(deps.db, c.req.param('order').slice(0, 64), deps.now())
    if (!order) return html(c, page('Order not found', '<h1>Order not found</h1>'), 404)
    return html(c, orderPage(order))
  })

  app.post('/sandbox/gateway/:order', async (c) => {
    const id = c.req.param('order').slice(0, 64)
    const form = new URLSearchParams(await readBody(c.req.raw))
    const action = form.get('action')
    if (action !== 'pay' && action !== 'decline') return html(c, page('Bad request', '<h1>Choose pay or decline</h1>'), 400)
    const status = action === 'pay' ? 'paid' : 'failed'
    // The gateway tells the platform through its signed callback, as a real one would.
    const res = await app.request('/sandbox/gateway/callback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ orderId: id, status, signature: signCallback(id, status) }),
    })
    if (!res.ok) return html(c, page('Order not found', '<h1>Order not found</h1>'), 404)
    const order = await findOrder(deps.db, id, deps.now())
    const heading = order?.status === 'paid' ? 'Payment complete' : order?.status === 'failed' ? 'Payment declined' : `Order ${order?.status ?? 'closed'}`
    return html(c, page(heading, `<h1>${esc(heading)}</h1><p class="note">You can close this window and return to the site.</p>`))
  })
}

export { signCallback }
