import { beforeEach, describe, expect, it } from 'vitest'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { keepReturn, returnTtlMs, takeReturn } from './return-to.ts'

describe('keepReturn / takeReturn', () => {
  beforeEach(() => configure({ storage: createStorage() }))

  it('goes back once to the page a guest picked a game on, then home again', () => {
    keepReturn('/rng/rng?nodeId=PG-0001&affiliateCode=AG01INVITE', 1000)
    expect(takeReturn('/', 2000)).toBe('/rng/rng?nodeId=PG-0001&affiliateCode=AG01INVITE')
    expect(takeReturn('/', 3000)).toBe('/')
  })

  it('forgets a return older than the time-to-live', () => {
    keepReturn('/rng/rng?nodeId=PG-0001', 0)
    expect(takeReturn('/', returnTtlMs + 1)).toBe('/')
  })

  it('never keeps another origin', () => {
    for (const path of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)']) {
      keepReturn(path, 0)
      expect(takeReturn('/', 1), path).toBe('/')
    }
  })
})
