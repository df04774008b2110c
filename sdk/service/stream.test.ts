import { beforeAll, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { $serviceTool, createChat } from './index.ts'

// The platform closes a chat stream that carried nothing for its idle time (here a minute of the
// sandbox's clock, checked every 25 ms): the chat stays quiet until the player writes again.
let clock = Date.UTC(2026, 11, 5, 12)
const { sb } = sandboxForFile({ now: () => clock, streams: { heartbeatMs: 25, idleMs: 60_000 } })
beforeAll(async () => {
  await signInCounting(sb, 'demo01', 'demo1234')
})

describe('an idle chat stream', () => {
  it('is shown as paused, not reconnected, until the player sends a message', async () => {
    $serviceTool.set('chat')
    const chat = createChat()
    try {
      await chat.start()
      await vi.waitFor(() => expect(chat.$state.get().connection).toBe('live'), { timeout: 10_000 })
      clock += 60_000
      await vi.waitFor(() => expect(chat.$state.get().connection).toBe('idle'), { timeout: 10_000 })
      const form = chat.createMessageForm()
      form.set('body', 'Back again')
      expect((await form.submit())?.error).toBeUndefined()
      await vi.waitFor(() => expect(chat.$state.get().connection).toBe('live'), { timeout: 10_000 })
    } finally {
      chat.stop()
    }
  })
})
