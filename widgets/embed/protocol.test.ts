import { describe, expect, it } from 'vitest'
import { isFrameMessage, memberOf } from './protocol.ts'

describe('what a frame tells the partner page of a new member', () => {
  it('a sign-up by username tells the username; one by mobile only the method, never the number', () => {
    expect(memberOf('ana2026')).toEqual({ method: 'username', username: 'ana2026' })
    expect(memberOf('9171234567')).toEqual({ method: 'mobile' })
    expect(memberOf('+63 917-123-4567')).toEqual({ method: 'mobile' })
  })

  it('the element refuses a message that would hand a phone number to the partner page', () => {
    expect(isFrameMessage({ lobbykit: 1, type: 'registered', method: 'username', username: '9171234567' })).toBe(false)
    expect(isFrameMessage({ lobbykit: 1, type: 'registered', username: '9171234567' })).toBe(false)
    expect(isFrameMessage({ lobbykit: 1, type: 'registered', method: 'mobile', username: '9171234567' })).toBe(false)
    expect(isFrameMessage({ lobbykit: 1, type: 'login', username: '9171234567' })).toBe(false)
    expect(isFrameMessage({ lobbykit: 1, type: 'registered', method: 'mobile' })).toBe(true)
    expect(isFrameMessage({ lobbykit: 1, type: 'registered', method: 'username', username: 'ana2026' })).toBe(true)
    expect(isFrameMessage({ lobbykit: 1, type: 'login' })).toBe(true)
  })
})
