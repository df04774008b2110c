import { describe, expect, it } from 'vitest'
import { endpoints, type ChatMessage, type FeedbackItem, type PlatformMessage } from '../../sdk/contract/all.ts'
import { login } from '../auth/testkit.ts'
import { sandboxForFile } from '../testkit.ts'
import { CHAT_BURST } from '../service/chat.ts'
import { createApp, createDeps } from '../app.ts'
import { readEvents } from '../service/sse-testkit.ts'
import { IMAGE_BURST } from './service/index.ts'

const { sb, c } = sandboxForFile()

let ipSeq = 0
const nextIp = () => `10.31.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`
const tokenOf = async (user = 'demo01', pass = 'demo1234') => ((await login(c, sb.url, user, pass, { ip: nextIp() })).body.value as { token: string }).token
const post = (path: string, body: unknown) => fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
const clientId = () => `c${Math.random().toString(36).slice(2)}${Date.now()}`

describe('platform messages (messageV2)', () => {
  it('lists, reads, marks all read and deletes; the unread count follows; another member cannot touch them', async () => {
    const t = await tokenOf()
    expect((await post('/sandbox/admin/messages', { to: 'demo01', title: 'Hello <b>you</b>', body: '<p>Hi <script>alert(1)</script></p>' })).status).toBe(200)
    expect((await post('/sandbox/admin/messages', { to: 'demo01', title: 'Second', body: '<p>Two</p>' })).status).toBe(200)
    const unread0 = (await c.call('unreadCount', {}, { token: t })).body.value as number
    expect(unread0).toBeGreaterThanOrEqual(2)
    const list = (await c.call('messageList', {}, { token: t })).body.value as { list: PlatformMessage[]; total: number }
    const [second, first] = list.list
    expect(second).toMatchObject({ title: 'Second', read: false })
    expect(first.body).toContain('<script>')
    const afterRead = (await c.call('messageRead', { ids: [second.id] }, { token: t })).body.value as { unread: number }
    expect(afterRead.unread).toBe(unread0 - 1)
    expect((await c.call('unreadCount', {}, { token: t })).body.value).toBe(unread0 - 1)

    // Another member can neither read nor delete demo01's message.
    const other = await tokenOf('agent01', 'agent1234')
    await c.call('messageRead', { ids: [first.id] }, { token: other })
    expect((await c.call('unreadCount', {}, { token: t })).body.value).toBe(unread0 - 1)
    expect((await c.raw('messageDelete', { id: first.id }, { token: other })).status).toBe(404)

    expect(((await c.call('messageRead', { all: true }, { token: t })).body.value as { unread: number }).unread).toBe(0)
    expect(((await c.call('messageDelete', { id: first.id }, { token: t })).body.value as { unread: number }).unread).toBe(0)
    const after = (await c.call('messageList', {}, { token: t })).body.value as { list: PlatformMessage[]; total: number }
    expect(after.total).toBe(list.total - 1)
    expect(after.list.every((m) => m.read)).toBe(true)
    for (const key of ['messageList', 'messageRead', 'messageDelete'] as const) expect((await c.raw(key, key === 'messageDelete' ? { id: 1 } : {})).status).toBe(401)
  })

  it('the admin route sends to every member, and refuses a missing member, a blank title and a non-JSON body', async () => {
    const [{ n }] = await sb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM members')
    const r = await post('/sandbox/admin/messages', { all: true, title: 'Maintenance tonight', body: '<p>From 02:00</p>' })
    expect(((await r.json()) as { value: { sent: number } }).value.sent).toBe(n)
    expect((await post('/sandbox/admin/messages', { to: 'nobody_here', title: 'x', body: 'y' })).status).toBe(404)
    expect((await post('/sandbox/admin/messages', { to: 'demo01', title: ' ', body: 'y' })).status).toBe(400)
    const plain = await fetch(`${sb.url}/sandbox/admin/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ all: true, title: 'x', body: 'y' }),
    })
    expect(plain.status).toBe(415)
  })
})

describe('chat', () => {
  it('a member is known by the session: history after reopening, operator replies arrive live on the stream and resume after an id', async () => {
    const t = await tokenOf()
    const opened = (await c.call('chatOpen', { guestName: 'Someone Else' }, { token: t })).body.value as { conversationId: number; name: string; guestKey?: string }
    // The name typed is ignored for a member: the session says who it is.
    expect(opened.name).toBe('demo01')
    expect(opened.guestKey).toBeUndefined()
    const id = clientId()
    const sent = (await c.call('chatSend', { clientId: id, body: '<img src=x onerror=alert(1)> hello' }, { token: t })).body.value as ChatMessage
    expect(sent).toMatchObject({ from: 'player', body: '<img src=x onerror=alert(1)> hello', clientId: id })
    // The same client id again is the same message, stored once.
    const again = (await c.call('chatSend', { clientId: id, body: '<img src=x onerror=alert(1)> hello' }, { token: t })).body.value as ChatMessage
    expect(again.id).toBe(sent.id)

    let streamOpen = () => {}
    const open = new Promise<void>((resolve) => (streamOpen = resolve))
    const live = readEvents(`${sb.url}${endpoints.chatStream.path}?after=${sent.id}`, { Authorization: `Bearer ${t}` }, 2, 5000, streamOpen)
    // The replies are sent once the stream is open: they arrive live, not as its history.
    await Promise.race([open, live])
    for (const body of ['First answer', 'Second answer']) expect((await post(`/sandbox/cs/conversations/${opened.conversationId}/reply`, { body })).status).toBe(200)
    const got = await live
    expect(got.map((m) => [m.from, m.body])).toEqual([
      ['operator', 'First answer'],
      ['operator', 'Second answer'],
    ])
    // Resuming from the first reply's id (Last-Event-ID) sends only what came after it, once: the
    // second reply, then a third sent to mark the end (a second copy would come before it).
    expect((await post(`/sandbox/cs/conversations/${opened.conversationId}/reply`, { body: 'Third answer' })).status).toBe(200)
    const resumed = await readEvents(`${sb.url}${endpoints.chatStream.path}`, { Authorization: `Bearer ${t}`, 'Last-Event-ID': String(got[0].id) }, 2)
    expect(resumed.map((m) => m.id)[0]).toBe(got[1].id)
    expect(resumed.map((m) => m.body)).toEqual(['Second answer', 'Third answer'])
    const reopened = (await c.call('chatOpen', {}, { token: t })).body.value as { messages: ChatMessage[] }
    expect(reopened.messages.map((m) => m.body).slice(-4)).toEqual(['<img src=x onerror=alert(1)> hello', 'First answer', 'Second answer', 'Third answer'])
  })

  it('a guest chats with a name and comes back with the key only; a made-up key is refused', async () => {
    const opened = (await c.call('chatOpen', { guestName: '  Ana  ' })).body.value as { conversationId: number; guestKey: string; name: string }
    expect(opened.name).toBe('Ana')
    expect(opened.guestKey).toMatch(/^[A-Za-z0-9_-]{32}$/)
    await c.call('chatSend', { guestKey: opened.guestKey, clientId: clientId(), body: 'Hola' })
    const back = (await c.call('chatOpen', { guestKey: opened.guestKey })).body.value as { conversationId: number; messages: ChatMessage[] }
    expect(back.conversationId).toBe(opened.conversationId)
    expect(back.messages.map((m) => m.body)).toEqual(['Hola'])
    expect((await c.raw('chatOpen', { guestKey: 'A'.repeat(32) })).status).toBe(404)
    expect((await c.raw('chatSend', { guestKey: 'A'.repeat(32), clientId: clientId(), body: 'x' })).status).toBe(404)
    expect((await c.raw('chatSend', { clientId: clientId(), body: 'no key' })).status).toBe(400)
    expect((await c.raw('chatOpen', {})).status).toBe(400)
    const list = (await (await fetch(`${sb.url}/sandbox/cs/conversations`)).json()) as { value: { id: number; member: string | null; vip: boolean }[] }
    expect(list.value.find((x) => x.id === opened.conversationId)).toMatchObject({ member: null, vip: false })
  })

  it('refuses empty and over-long messages and a burst', async () => {
    const g = (await c.call('chatOpen', { guestName: 'Burst' })).body.value as { guestKey: string }
    expect((await c.raw('chatSend', { guestKey: g.guestKey, clientId: clientId(), body: '   ' })).body.fields).toEqual({ body: 'service_err_empty' })
    expect((await c.raw('chatSend', { guestKey: g.guestKey, clientId: clientId(), body: 'x'.repeat(501) })).status).toBe(400)
    const codes: number[] = []
    for (let i = 0; i < CHAT_BURST.count + 2; i++) codes.push((await c.raw('chatSend', { guestKey: g.guestKey, clientId: clientId(), body: `msg ${i}` })).status)
    expect(codes.slice(0, CHAT_BURST.count)).toEqual(Array(CHAT_BURST.count).fill(200))
    expect(codes.slice(CHAT_BURST.count)).toEqual([429, 429])
  })

  it('marks a VIP member (rank above 4) in the console, reading the rank where members keep it', async () => {
    await sb.db.query("UPDATE members SET rank_level = 5 WHERE username = 'agent02'")
    const t = await tokenOf('agent02', 'agent1234')
    const opened = (await c.call('chatOpen', {}, { token: t })).body.value as { conversationId: number }
    await c.call('chatSend', { clientId: clientId(), body: 'VIP question' }, { token: t })
    const list = (await (await fetch(`${sb.url}/sandbox/cs/conversations`)).json()) as { value: { id: number; vip: boolean; rankLevel: number; waiting: number }[] }
    expect(list.value.find((x) => x.id === opened.conversationId)).toMatchObject({ vip: true, rankLevel: 5, waiting: 1 })
    const page = await fetch(`${sb.url}/sandbox/cs`)
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/)
  })
})

describe('feedback', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
  const upload = (bytes: Uint8Array<ArrayBuffer>, token?: string) =>
    fetch(`${sb.url}${endpoints.feedbackImage.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: bytes,
    })

  it('sends with images, lists them with the answer given from the console', async () => {
    const t = await tokenOf()
    const keys: string[] = []
    for (let i = 0; i < 2; i++) keys.push(((await (await upload(png, t)).json()) as { value: { key: string } }).value.key)
    const sent = await c.raw('feedback', { questionType: 'GAME', content: '<b>Fish</b> game freezes', images: keys }, { token: t, ip: nextIp() })
    expect(sent.status).toBe(200)
    const [mine] = (await c.call('feedbackList', {}, { token: t })).body.value as FeedbackItem[]
    expect(mine).toMatchObject({ content: '<b>Fish</b> game freezes', answer: null, images: [expect.stringContaining(keys[0]), expect.stringContaining(keys[1])] })
    const img = await fetch(`${sb.url}${mine.images[0]}`)
    expect(img.headers.get('content-type')).toBe('image/png')
    expect((await post(`/sandbox/cs/feedback/${mine.id}/answer`, { answer: 'Fixed, thank you' })).status).toBe(200)
    const [answered] = (await c.call('feedbackList', {}, { token: t })).body.value as FeedbackItem[]
    expect(answered.answer).toBe('Fixed, thank you')
  })

  it('refuses a 4th image, a used or foreign key, a non-image and an image over 5 MB', async () => {
    const t = await tokenOf()
    const key = async (tok?: string) => ((await (await upload(png, tok)).json()) as { value: { key: string } }).value.key
    const four = [await key(t), await key(t), await key(t), await key(t)]
    expect((await c.raw('feedback', { questionType: 'GAME', content: 'Four images here', images: four }, { token: t, ip: nextIp() })).status).toBe(400)
    // A guest's upload cannot be attached by a member (nor the other way round).
    expect((await c.raw('feedback', { questionType: 'GAME', content: 'Not my image', images: [await key()] }, { token: t, ip: nextIp() })).status).toBe(400)
    const once = await key(t)
    expect((await c.raw('feedback', { questionType: 'GAME', content: 'First use here', images: [once] }, { token: t, ip: nextIp() })).status).toBe(200)
    expect((await c.raw('feedback', { questionType: 'GAME', content: 'Second use here', images: [once] }, { token: t, ip: nextIp() })).status).toBe(400)
    expect((await upload(new TextEncoder().encode('<svg onload=alert(1)>'), t)).status).toBe(400)
    const big = new Uint8Array(5 * 1024 * 1024 + 1)
    big.set(png)
    expect((await upload(big, t)).status).toBe(413)
  })
})

describe('feedback image bursts', () => {
  it('a guest address uploading a burst of images is refused; another address is not', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
    const upload = (ip: string) =>
      fetch(`${sb.url}${endpoints.feedbackImage.path}`, { method: 'POST', headers: { 'Content-Type': 'image/png', 'X-Forwarded-For': ip }, body: png }).then((r) => r.status)
    const [a, b] = [nextIp(), nextIp()]
    const codes: number[] = []
    for (let i = 0; i < IMAGE_BURST.count + 1; i++) codes.push(await upload(a))
    expect(codes.filter((s) => s === 200)).toHaveLength(IMAGE_BURST.count)
    expect(codes.at(-1)).toBe(429)
    expect(await upload(b)).toBe(200)
  })
})

describe('speed test routes', () => {
  it('answer with different delays, per device, each with a probe', async () => {
    const web = (await c.call('domainRoute', { device: '0' })).body.value as { domainName: string; probe: string }[]
    expect(web.length).toBeGreaterThanOrEqual(3)
    const time = async (probe: string) => {
      const t0 = performance.now()
      await fetch(`${sb.url}${probe}`)
      return performance.now() - t0
    }
    const [fast, slow] = [await time(web[0].probe), await time(web[2].probe)]
    expect(slow - fast).toBeGreaterThan(200)
  })
})

describe('help centre', () => {
  it('answers in the language asked, English otherwise', async () => {
    const call = (lang: string) => fetch(`${sb.url}${endpoints.helpCenter.path}`, { headers: { Language: lang } }).then((r) => r.json() as Promise<{ value: { title: string }[] }>)
    expect((await call('es')).value[0].title).toBe('¿Cómo deposito?')
    expect((await call('en')).value[0].title).toBe('How do I deposit?')
    expect((await call('vi')).value[0].title).toBe('How do I deposit?')
  })
})

describe('production', () => {
  it('has no operator console and no platform-message admin route', async () => {
    const app = createApp(createDeps(sb.db, { production: true }))
    expect((await app.request('/sandbox/cs')).status).toBe(404)
    expect((await app.request('/sandbox/cs/conversations')).status).toBe(404)
    const send = await app.request('/sandbox/admin/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ all: true, title: 'x', body: 'y' }),
    })
    expect(send.status).toBe(404)
    // The players' own routes stay.
    expect((await app.request(endpoints.chatOpen.path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(400)
  })
})
