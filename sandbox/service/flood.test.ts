import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../sdk/contract/all.ts'
import { login } from '../auth/testkit.ts'
import { sandboxForFile } from '../testkit.ts'
import { CHAT_BURST, chatFloodLimits } from './chat.ts'

// Issue #36 item 6: one address opened 100 guest conversations and sent 500 messages in 2.5 s, and
// the flood was listed above the real members in the operator console.
let clock = Date.UTC(2026, 11, 5, 9)
const { sb, c } = sandboxForFile({ now: () => clock })

let ipSeq = 0
const nextIp = () => `10.66.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`
const clientId = () => `c${Math.random().toString(36).slice(2)}${Date.now()}`
type Console = { value: { id: number; member: string | null; waiting: number }[] }

describe('chat and feedback flood from one address', () => {
  it('opens at most 10 guest conversations an hour per address, even sent in parallel; a new address is not held back', async () => {
    const ip = nextIp()
    const replies = await Promise.all(Array.from({ length: 25 }, (_, i) => c.raw('chatOpen', { guestName: `Flood ${i}` }, { ip })))
    const codes = replies.map((r) => r.body.code)
    expect(codes.filter((x) => x === 'ok')).toHaveLength(chatFloodLimits.guestOpenIp.max)
    expect(codes.filter((x) => x === 'rate_limited')).toHaveLength(25 - chatFloodLimits.guestOpenIp.max)
    expect(replies.find((r) => r.body.code === 'rate_limited')?.status).toBe(429)
    // A guest resuming with its key is not a new conversation.
    const key = (replies.find((r) => r.body.code === 'ok')!.body.value as { guestKey: string }).guestKey
    expect((await c.raw('chatOpen', { guestKey: key }, { ip })).status).toBe(200)
    expect((await c.raw('chatOpen', { guestName: 'Someone else' }, { ip: nextIp() })).status).toBe(200)
    // An hour later the address may open conversations again.
    clock += chatFloodLimits.guestOpenIp.windowMs
    expect((await c.raw('chatOpen', { guestName: 'Back later' }, { ip })).status).toBe(200)
  })

  it('takes at most 60 messages in 10 minutes from one address over all its conversations', async () => {
    const ip = nextIp()
    const keys: string[] = []
    for (let i = 0; i < 10; i++) keys.push(((await c.raw('chatOpen', { guestName: `Talker ${i}` }, { ip })).body.value as { guestKey: string }).guestKey)
    const codes: string[] = []
    // Each conversation within its own burst limit, the bursts spread over time: 10 × 5 × 2 = 100 sends.
    for (let round = 0; round < 2; round++) {
      const sent = await Promise.all(
        keys.flatMap((guestKey) => Array.from({ length: CHAT_BURST.count }, (_, i) => c.raw('chatSend', { guestKey, clientId: clientId(), body: `spam ${round} ${i}` }, { ip }))),
      )
      codes.push(...sent.map((r) => r.body.code))
      clock += CHAT_BURST.windowMs
    }
    expect(codes.filter((x) => x === 'ok')).toHaveLength(chatFloodLimits.messageIp.max)
    expect(codes.filter((x) => x !== 'ok').every((x) => x === 'rate_limited')).toBe(true)
  })

  it('refuses the sixth feedback in 10 minutes from one address, even when all are sent at once', async () => {
    const ip = nextIp()
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => c.raw('feedback', { questionType: 'GAME', content: `The game froze again, case ${i}` }, { ip })))
    expect(replies.filter((r) => r.status === 200)).toHaveLength(5)
    expect(replies.filter((r) => r.body.code === 'rate_limited')).toHaveLength(7)
  })

  it('lists a waiting member above any number of waiting guests in the operator console', async () => {
    const token = ((await login(c, sb.url, 'demo01', 'demo1234', { ip: nextIp() })).body.value as { token: string }).token
    const opened = (await c.call('chatOpen', {}, { token })).body.value as { conversationId: number }
    const mine = (await c.call('chatSend', { clientId: clientId(), body: 'Where is my withdrawal?' }, { token })).body.value as ChatMessage
    expect(mine.from).toBe('player')
    // Guests writing after the member, from many addresses (each within its limits).
    clock += 1000
    for (let i = 0; i < 12; i++) {
      const ip = nextIp()
      const guestKey = ((await c.raw('chatOpen', { guestName: `Later ${i}` }, { ip })).body.value as { guestKey: string }).guestKey
      await c.raw('chatSend', { guestKey, clientId: clientId(), body: 'me first' }, { ip })
      clock += 1000
    }
    const list = ((await (await fetch(`${sb.url}/sandbox/cs/conversations`)).json()) as Console).value
    const waiting = list.filter((x) => x.waiting > 0)
    expect(waiting[0]).toMatchObject({ id: opened.conversationId, member: 'demo01' })
    const firstGuest = waiting.findIndex((x) => x.member === null)
    expect(waiting.slice(firstGuest).every((x) => x.member === null)).toBe(true)
  })
})
