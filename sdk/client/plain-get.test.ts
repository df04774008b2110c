import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { plainGet } from './plain-get.ts'

const server = createServer((req, res) => {
  res.writeHead(req.url === '/missing' ? 404 : 200, { 'Content-Type': 'text/css' })
  res.end(':host{}')
})
let base: URL
beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))
afterEach(() => vi.unstubAllGlobals())

test('a host page that polluted Object.prototype adds nothing to the request (a browser would send its header, preflighted and refused)', async () => {
  // A browser's fetch reads the init's inherited members too: what fetch is handed must have none.
  const handed: RequestInit[] = []
  const realFetch = fetch
  vi.stubGlobal('fetch', (url: URL, init: RequestInit) => {
    handed.push(init)
    return realFetch(url, { credentials: init.credentials, signal: init.signal })
  })
  const proto = Object.prototype as unknown as Record<string, unknown>
  proto.headers = { 'X-Evil': '1' }
  proto.method = 'POST'
  try {
    expect(await (await plainGet(new URL('sheet.css', base))).text()).toBe(':host{}')
    expect(handed).toHaveLength(1)
    expect(handed[0].headers).toBeUndefined()
    expect(handed[0].method).toBeUndefined()
    expect(handed[0].credentials).toBe('omit')
  } finally {
    delete proto.headers
    delete proto.method
  }
})

test('an HTTP error status is refused', async () => {
  await expect(plainGet(new URL('missing', base))).rejects.toThrow('HTTP 404')
})
