import { describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { $avatar, initialsOf } from './avatar.ts'
import { clearSession } from './index.ts'

// The member's avatar, from the platform (a real sandbox): an image once signed in, nothing signed out.
const { sb } = sandboxForFile()

describe('the avatar', () => {
  it('shows the platform’s image for the signed-in member, and none once signed out', async () => {
    await signInCounting(sb, 'demo01', 'demo1234')
    const stop = $avatar.listen(() => {})
    await vi.waitFor(() => expect($avatar.get().data?.url).toMatch(/^data:image\/|^https?:/), { timeout: 10_000 })
    clearSession()
    expect($avatar.get().data).toBeUndefined()
    stop()
  })

  it('stands in with up to two initials', () => {
    expect(initialsOf('demo01')).toBe('DE')
    expect(initialsOf('李四')).toBe('李四')
    expect(initialsOf('__')).toBe('?')
  })
})
