import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../client/index.ts'
import type { ServiceConversation } from '../contract/backoffice.ts'

// The console's calls, answered by the test: the store's own behaviour is what is checked here (the
// platform's side is sandbox/backoffice/service-console.test.ts, the whole path the back-office journey).
const calls: { key: string; input: Record<string, unknown> }[] = []
let refuseReply: ApiError | null = null
const row = (id: number): ServiceConversation => ({
  id,
  name: `member${id}`,
  member: true,
  vip: false,
  unread: 1,
  waitingSince: 1,
  lastMessage: 'hello',
  lastFrom: 'player',
  lastMessageAt: 1,
})
vi.mock('./api.ts', () => ({
  opsApi: async (key: string, input: Record<string, unknown> = {}) => {
    calls.push({ key, input })
    if (key === 'opsConversations') return { conversations: [row(1), row(2)] }
    if (key === 'opsConversation') return { conversation: row(Number(input.id)), messages: [] }
    if (key === 'opsServiceReply') {
      if (refuseReply) throw refuseReply
      return { id: 10, from: 'operator', body: input.body, createdAt: 2, operator: 'op' }
    }
    return {}
  },
}))
const { createServiceArea } = await import('./service.ts')

const replies = () => calls.filter((c) => c.key === 'opsServiceReply').map((c) => c.input)

describe('the console answer box', () => {
  beforeEach(() => {
    calls.length = 0
    refuseReply = null
  })

  it('keeps the text when a send is refused, resends it with the same key, and starts clean after it is sent', async () => {
    const area = createServiceArea(
      () => {},
      () => {},
    )
    area.openConversation(1)
    area.replyForm.set('body', 'We are on it')
    refuseReply = new ApiError('rate_limited')
    await area.replyForm.submit()
    expect(area.replyForm.$state.get().values.body).toBe('We are on it')
    expect(area.replyForm.$state.get().errors.form).toBeDefined()
    refuseReply = null
    await area.replyForm.submit()
    const [first, second] = replies()
    expect(second).toEqual(first)
    expect(first).toMatchObject({ id: 1, body: 'We are on it' })
    expect(area.replyForm.$state.get().values.body).toBe('')
    area.replyForm.set('body', 'Anything else?')
    await area.replyForm.submit()
    expect(replies()[2].idempotencyKey).not.toBe(first.idempotencyKey)
  })

  it('keeps each conversation its own draft when the operator moves between them', async () => {
    const area = createServiceArea(
      () => {},
      () => {},
    )
    area.openConversation(1)
    area.replyForm.set('body', 'for the first')
    area.openConversation(2)
    expect(area.replyForm.$state.get().values.body).toBe('')
    area.replyForm.set('body', 'for the second')
    area.closeConversation()
    area.openConversation(1)
    expect(area.replyForm.$state.get().values.body).toBe('for the first')
    area.openConversation(2)
    expect(area.replyForm.$state.get().values.body).toBe('for the second')
  })

  it('sends nothing blank or over the chat limit', async () => {
    const area = createServiceArea(
      () => {},
      () => {},
    )
    area.openConversation(1)
    area.replyForm.set('body', '   ')
    await area.replyForm.submit()
    area.replyForm.set('body', 'x'.repeat(501))
    await area.replyForm.submit()
    expect(replies()).toEqual([])
  })
})
