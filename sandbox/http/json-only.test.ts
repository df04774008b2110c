import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'

const { sb } = sandboxForFile()

// Every admin route that changes something, including the withdrawal and pay-run routes that took
// text/plain before the one guard: a cross-site page can send these without a preflight.
const routes = [
  ['/sandbox/admin/flags', '{"flag":"DIRECTREG3","enabled":false}'],
  ['/sandbox/admin/status', '{"maintenance":true}'],
  ['/sandbox/admin/withdrawals/minutes', '{"minutes":5}'],
  ['/sandbox/admin/withdrawals/wd_none/approve', '{}'],
  ['/sandbox/admin/withdrawals/wd_none/reject', '{}'],
  ['/sandbox/admin/withdrawals/wd_none/disburse', '{}'],
  ['/sandbox/admin/agent/payrun', '{"kind":"daily_salary"}'],
  ['/sandbox/admin/reset', '{}'],
] as const

describe('the admin routes take JSON only', () => {
  for (const [path, body] of routes) {
    it(`${path}: text/plain, a form and no type answer 415 before the route runs`, async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', null]) {
        const res = await fetch(`${sb.url}${path}`, { method: 'POST', headers: type ? { 'Content-Type': type } : {}, body })
        expect(res.status, `${type}`).toBe(415)
        expect((await res.json()).code).toBe('validation_failed')
      }
    })
  }

  it('changes nothing on a refused call, and lets the same call through as JSON', async () => {
    const minutes = () => fetch(`${sb.url}/sandbox/admin/withdrawals`).then(async (r) => (await r.json()).value.confirmMinutes)
    const before = await minutes()
    await fetch(`${sb.url}/sandbox/admin/withdrawals/minutes`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"minutes":7}' })
    expect(await minutes()).toBe(before)
    const ok = await fetch(`${sb.url}/sandbox/admin/withdrawals/minutes`, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '{"minutes":7}' })
    expect(ok.status).toBe(200)
    expect(await minutes()).toBe(7)
    // A listing (GET) needs no type.
    expect((await fetch(`${sb.url}/sandbox/admin/withdrawals`)).status).toBe(200)
  })
})
