import { describe, expect, it } from 'vitest'
import { ReplyCache } from './reply-cache.ts'

const bytes = (text: string) => new TextEncoder().encode(text)
const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined)

describe('ReplyCache', () => {
  it('keeps replies per scope and key; a new scope starts empty', () => {
    const cache = new ReplyCache({ maxEntries: 10, maxBytes: 1000 })
    const before = {}
    const after = {}
    cache.set({ scope: before, key: 'a' }, bytes('A'))
    expect(text(cache.get({ scope: before, key: 'a' }))).toBe('A')
    expect(cache.get({ scope: before, key: 'b' })).toBeUndefined()
    expect(cache.get({ scope: after, key: 'a' })).toBeUndefined()
    cache.set({ scope: after, key: 'a' }, bytes('A2'))
    expect(text(cache.get({ scope: after, key: 'a' }))).toBe('A2')
    expect(text(cache.get({ scope: before, key: 'a' }))).toBe('A')
  })

  it('drops the least recently used entry beyond the entry limit', () => {
    const cache = new ReplyCache({ maxEntries: 2, maxBytes: 1000 })
    const scope = {}
    cache.set({ scope, key: 'a' }, bytes('A'))
    cache.set({ scope, key: 'b' }, bytes('B'))
    cache.get({ scope, key: 'a' })
    cache.set({ scope, key: 'c' }, bytes('C'))
    expect(cache.size(scope)).toBe(2)
    expect(text(cache.get({ scope, key: 'a' }))).toBe('A')
    expect(cache.get({ scope, key: 'b' })).toBeUndefined()
    expect(text(cache.get({ scope, key: 'c' }))).toBe('C')
  })

  it('keeps the bytes under the limit, replaces a key in place and refuses a reply over the limit', () => {
    const cache = new ReplyCache({ maxEntries: 100, maxBytes: 10 })
    const scope = {}
    cache.set({ scope, key: 'a' }, bytes('aaaa'))
    cache.set({ scope, key: 'b' }, bytes('bbbb'))
    cache.set({ scope, key: 'a' }, bytes('AAAA'))
    expect(cache.size(scope)).toBe(2)
    cache.set({ scope, key: 'c' }, bytes('cccc'))
    // 12 bytes would be over: the least recently used (b, since a was rewritten) goes.
    expect(cache.get({ scope, key: 'b' })).toBeUndefined()
    expect(text(cache.get({ scope, key: 'a' }))).toBe('AAAA')
    expect(text(cache.get({ scope, key: 'c' }))).toBe('cccc')
    cache.set({ scope, key: 'big' }, bytes('x'.repeat(11)))
    expect(cache.get({ scope, key: 'big' })).toBeUndefined()
    expect(cache.size(scope)).toBe(2)
  })
})
