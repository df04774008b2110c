import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chunkErrorKey, chunkTimeout, chunkTimeoutMs, withinChunkTime } from './chunk.ts'

describe('the chunk time-out (SPEC §8, 120 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('fails code that has not arrived in 120 s as slow to load, and not a moment before', async () => {
    expect(chunkTimeoutMs).toBe(120_000)
    const settled = vi.fn()
    const stalled = withinChunkTime(() => new Promise<never>(() => {}))()
    stalled.then(settled, settled)
    await vi.advanceTimersByTimeAsync(119_999)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    const error = settled.mock.calls[0][0]
    expect(error).toBe(chunkTimeout)
    expect(chunkErrorKey(error)).toBe('err_timeout')
  })

  it('passes on code that arrives, and a failed fetch as failed, leaving no timer behind', async () => {
    await expect(withinChunkTime(async () => ({ default: 'page' }))()).resolves.toEqual({ default: 'page' })
    const failed = await withinChunkTime(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))().catch((e: unknown) => e)
    expect(chunkErrorKey(failed)).toBe('err_chunk_load')
    expect(vi.getTimerCount()).toBe(0)
  })
})
