/**
 * Test support: reads the chat's Server-Sent Events the way a browser's stream reader does.
 * @module
 */
import { expect } from 'vitest'
import type { ChatMessage } from '../../sdk/contract/all.ts'

/**
 * Reads a Server-Sent Events stream until `count` messages came (or `ms` passed). `opened` is called
 * when the server says the stream is open (its `: open` comment): what is sent from then on arrives live.
 */
export async function readEvents(url: string, headers: Record<string, string>, count: number, ms = 5000, opened?: () => void): Promise<ChatMessage[]> {
  const ctrl = new AbortController()
  const timer = setTimeout(() => ctrl.abort(), ms)
  const got: ChatMessage[] = []
  try {
    const res = await fetch(url, { headers, signal: ctrl.signal })
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    let buf = ''
    while (got.length < count) {
      const { value, done } = await reader.read()
      if (done) break
      buf += value
      let at: number
      while ((at = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, at)
        buf = buf.slice(at + 2)
        if (block.split('\n').includes(': open')) opened?.()
        const data = block.split('\n').find((l) => l.startsWith('data: '))
        if (data) got.push(JSON.parse(data.slice(6)) as ChatMessage)
      }
    }
  } catch (err) {
    if ((err as Error).name !== 'AbortError') throw err
  } finally {
    clearTimeout(timer)
    ctrl.abort()
  }
  return got
}
