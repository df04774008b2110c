import { describe, expect, it, vi } from 'vitest'
import { client, login } from '../auth/testkit.ts'
import { sandboxForFile } from '../testkit.ts'
import { jsonDepthOver, parseJson, readBody } from './body.ts'
import { BodyTooLarge } from './fail.ts'
import { jsonDepthLimit, playBodyLimit } from './limits.ts'

const { sb } = sandboxForFile()

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

describe('the limited reader', () => {
  it('measures nesting outside strings only, and refuses JSON deeper than the limit before parsing it', () => {
    expect(jsonDepthOver(nested(jsonDepthLimit), jsonDepthLimit)).toBe(false)
    expect(jsonDepthOver(nested(jsonDepthLimit + 1), jsonDepthLimit)).toBe(true)
    expect(jsonDepthOver(JSON.stringify({ a: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\"{{{{{{{{{{{{{{{{{{{{{{{{' }), 2)).toBe(false)
    expect(parseJson('{"a":[1,{"b":2}]}')).toEqual({ a: [1, { b: 2 }] })
    expect(() => parseJson(nested(jsonDepthLimit + 1))).toThrow(/nests deeper/)
    // 2 MB of nesting (the event-loop blocker) is refused before JSON.parse sees it.
    const parse = vi.spyOn(JSON, 'parse')
    try {
      expect(() => parseJson(nested(1_000_000))).toThrow(/nests deeper/)
      expect(parse).not.toHaveBeenCalled()
    } finally {
      parse.mockRestore()
    }
  })

  it('stops reading deep JSON at the first character past the limit, however long the text', () => {
    // Text of 2,000,000 characters that counts the characters read.
    let read = 0
    const charCodeAt = (i: number) => {
      read++
      return i < 1_000_000 ? 91 : 93
    }
    const text = { length: 2_000_000, charCodeAt } as unknown as string
    expect(jsonDepthOver(text, jsonDepthLimit)).toBe(true)
    expect(read).toBe(jsonDepthLimit + 1)
  })

  it('refuses a body over its limit, declared or streamed', async () => {
    const big = new Request('http://x/', { method: 'POST', body: 'x'.repeat(5000) })
    await expect(readBody(big, 4096)).rejects.toBeInstanceOf(BodyTooLarge)
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('y'.repeat(1000)))
        controller.close()
      },
    })
    const chunked = new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit)
    await expect(readBody(chunked, 4096)).rejects.toBeInstanceOf(BodyTooLarge)
    expect(await readBody(new Request('http://x/', { method: 'POST', body: '{"a":1}' }), 4096)).toBe('{"a":1}')
  })

  it(`the game play API reads at most ${playBodyLimit / 1024} KB and a bounded depth: a 50 MB body is refused 413 without being played`, async () => {
    const c = client(sb.url)
    const { token } = (await login(c, sb.url, 'demo01', 'demo1234', { ip: '10.70.0.1' })).body.value as { token: string }
    const launched = await c.call('launchGame', { nodeId: 'PG-0003', language: 'en' }, { token })
    const path = `/sandbox/cdn1/${(launched.body.value as { content: string }).content}`
    const post = (body: BodyInit, headers: Record<string, string> = {}) =>
      fetch(`${sb.url}${path}/round`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, duplex: 'half' } as RequestInit)
    const padded = JSON.stringify({ stake: 100, idempotencyKey: 'body-limit-key-0001', pad: 'x'.repeat(playBodyLimit) })
    expect((await post(padded)).status).toBe(413)
    // 50 MB streamed without a length: refused as soon as it passes the limit.
    let sent = 0
    const fifty = new ReadableStream({
      pull(controller) {
        if (sent >= 50 * 1024 * 1024) return controller.close()
        sent += 1024 * 1024
        controller.enqueue(new Uint8Array(1024 * 1024).fill(0x20))
      },
    })
    const res = await post(fifty).catch(() => null)
    if (res) expect(res.status).toBe(413)
    expect(sent).toBeLessThan(50 * 1024 * 1024)
    const deep = await post(`{"stake":100,"idempotencyKey":"body-limit-key-0002","x":${nested(200)}}`)
    expect(deep.status).toBe(400)
    const [{ n }] = await sb.db.query<{ n: number }>("SELECT count(*)::int AS n FROM rounds WHERE idempotency_key LIKE 'body-limit-key-%'")
    expect(n).toBe(0)
    // A normal round still plays.
    expect((await post(JSON.stringify({ stake: 100, idempotencyKey: 'body-limit-key-0003' }))).status).toBe(200)
  })
})
