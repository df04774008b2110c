import { describe, expect, it, vi } from 'vitest'
import { inLoadRange, LoadedCache, loadWithRetry } from './images.ts'
import { throttle } from './throttle.ts'
import { isRoundMessage, safeGameUrl } from './frame.ts'

describe('lazy images', () => {
  it('tries 3 times, then reports the error image', async () => {
    const load = vi.fn(async () => {
      throw new Error('404')
    })
    expect(await loadWithRetry('/a.png', { load, delayMs: 0 })).toEqual({ status: 'error', src: '/a.png' })
    expect(load).toHaveBeenCalledTimes(3)
    expect(load.mock.calls.map((c) => (c as unknown as [string])[0])).toEqual(['/a.png', '/a.png?lk_retry=2', '/a.png?lk_retry=3'])
  })

  it('succeeds on a later attempt and caches the source', async () => {
    let calls = 0
    const cache = new LoadedCache(200)
    const load = async () => {
      if (++calls < 2) throw new Error('flaky')
    }
    expect(await loadWithRetry('/b.png', { load, cache, delayMs: 0 })).toEqual({ status: 'loaded', src: '/b.png' })
    expect(await loadWithRetry('/b.png', { load, cache, delayMs: 0 })).toEqual({ status: 'loaded', src: '/b.png' })
    expect(calls).toBe(2)
  })

  it('retries on the address nextSource gives and answers the address that loaded', async () => {
    const asked: string[] = []
    const load = async (src: string) => {
      asked.push(src)
      if (src.startsWith('https://cdn1.test/')) throw new Error('cdn1 down')
    }
    const cache = new LoadedCache(200)
    const nextSource = (failed: string) => failed.replace('cdn1', 'cdn2')
    const result = await loadWithRetry('https://cdn1.test/c.png', { load, cache, delayMs: 0, nextSource })
    expect(result).toEqual({ status: 'loaded', src: 'https://cdn2.test/c.png' })
    // The new address is asked as it is (no retry marker), so the <img> finds it in the browser cache.
    expect(asked).toEqual(['https://cdn1.test/c.png', 'https://cdn2.test/c.png'])
    expect(cache.has('https://cdn2.test/c.png')).toBe(true)
  })

  it('keeps at most 200 sources, dropping the least recently used', () => {
    const cache = new LoadedCache(200)
    for (let i = 0; i < 200; i++) cache.add(`/${i}`)
    cache.has('/0')
    cache.add('/new')
    expect(cache.size).toBe(200)
    expect(cache.has('/0')).toBe(true)
    expect(cache.has('/1')).toBe(false)
  })

  it('loads within 1.3 viewport heights', () => {
    const viewport = { width: 1000, height: 800 }
    expect(inLoadRange({ top: 1000, bottom: 1200, left: 0, right: 100 }, viewport)).toBe(true)
    expect(inLoadRange({ top: 1100, bottom: 1300, left: 0, right: 100 }, viewport)).toBe(false)
    expect(inLoadRange({ top: -300, bottom: -10, left: 0, right: 100 }, viewport)).toBe(false)
  })
})

describe('throttle', () => {
  it('runs at once, then once more at the end of the 200 ms window', () => {
    vi.useFakeTimers()
    const fn = vi.fn()
    const t = throttle(fn, 200)
    t(1)
    t(2)
    t(3)
    expect(fn.mock.calls).toEqual([[1]])
    vi.advanceTimersByTime(200)
    expect(fn.mock.calls).toEqual([[1], [3]])
    vi.useRealTimers()
  })
})

describe('game frame', () => {
  const origin = 'http://127.0.0.1:4321'
  it('trusts round messages only from its own origin', () => {
    expect(isRoundMessage({ origin, data: { type: 'lk:round' } }, origin)).toBe(true)
    expect(isRoundMessage({ origin: 'http://evil.test', data: { type: 'lk:round' } }, origin)).toBe(false)
    expect(isRoundMessage({ origin, data: 'lk:round' }, origin)).toBe(false)
    expect(isRoundMessage({ origin, data: null }, origin)).toBe(false)
  })

  it('frames only http(s) game addresses', () => {
    expect(safeGameUrl('/sandbox/cdn1/play/abc', origin)).toBe(`${origin}/sandbox/cdn1/play/abc`)
    expect(safeGameUrl('javascript:alert(1)', origin)).toBeUndefined()
    expect(safeGameUrl('data:text/html,hi', origin)).toBeUndefined()
    expect(safeGameUrl('', origin)).toBeUndefined()
  })

  it('frames only this site and the launch CDNs', () => {
    const cdns = ['https://cdn.example/games', '/sandbox/cdn2']
    expect(safeGameUrl('https://cdn.example/games/play/x', origin, cdns)).toBe('https://cdn.example/games/play/x')
    expect(safeGameUrl(`${origin}/sandbox/cdn2/play/x`, origin, cdns)).toBe(`${origin}/sandbox/cdn2/play/x`)
    // Another site, another path of the CDN's host, a look-alike host, or a walk out of the base.
    expect(safeGameUrl('https://evil.example/play/x', origin, cdns)).toBeUndefined()
    expect(safeGameUrl('https://cdn.example/other/play/x', origin, cdns)).toBeUndefined()
    expect(safeGameUrl('https://cdn.example/gamesx/play', origin, cdns)).toBeUndefined()
    expect(safeGameUrl('https://cdn.example.evil.test/games/play/x', origin, cdns)).toBeUndefined()
    expect(safeGameUrl('https://cdn.example/games/%2e%2e/admin', origin, cdns)).toBeUndefined()
    expect(safeGameUrl('http://cdn.example/games/play/x', origin, cdns)).toBeUndefined()
    // With no CDN list, a full address elsewhere is refused.
    expect(safeGameUrl('https://cdn.example/games/play/x', origin)).toBeUndefined()
  })
})
