import { beforeAll, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { $locale } from '../i18n/index.ts'
import { speedTest } from '../contract/service.ts'
import { $chatUnread, $helpResults, $serviceTool, $unreadMessages, createChat, createMessagesStore, createSpeedTest, median, searchHelp, type Sampler } from './index.ts'

// Customer service's stores against the reference platform.
const { sb } = sandboxForFile()
beforeAll(async () => {
  await signInCounting(sb, 'demo01', 'demo1234')
})
const post = (path: string, body: unknown) => fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

describe('platform messages', () => {
  it('reading one drops the shared unread count; mark all read and delete follow the platform', async () => {
    for (const title of ['Bonus credited', 'Security notice']) await post('/sandbox/admin/messages', { to: 'demo01', title, body: `<p>${title}</p>` })
    const stopUnread = $unreadMessages.listen(() => {})
    await vi.waitFor(() => expect($unreadMessages.get().data).toBeGreaterThanOrEqual(2), { timeout: 10_000 })
    const before = $unreadMessages.get().data!
    const messages = createMessagesStore()
    const stop = messages.$state.listen(() => {})
    await vi.waitFor(() => expect(messages.$state.get().list.length).toBeGreaterThan(0), { timeout: 10_000 })
    const first = messages.$state.get().list[0]
    expect(first).toMatchObject({ title: 'Security notice', read: false })
    await messages.toggle(first.id)
    expect(messages.$state.get().openId).toBe(first.id)
    expect(messages.$state.get().list[0].read).toBe(true)
    expect($unreadMessages.get().data).toBe(before - 1)
    expect((await messages.markAllRead()).error).toBeUndefined()
    expect($unreadMessages.get().data).toBe(0)
    const total = messages.$state.get().total
    expect((await messages.remove(first.id)).error).toBeUndefined()
    expect(messages.$state.get().total).toBe(total - 1)
    expect(messages.$state.get().openId).toBeNull()
    stop()
    stopUnread()
  })
})

describe('chat', () => {
  it('keeps refused text in the box with a clear message, sends, and counts operator replies only while closed', async () => {
    const chat = createChat()
    $serviceTool.set('chat')
    await chat.start()
    expect(chat.$state.get()).toMatchObject({ phase: 'ready', name: 'demo01' })
    await vi.waitFor(() => expect(chat.$state.get().connection).toBe('live'), { timeout: 10_000 })
    const form = chat.createMessageForm()
    form.set('body', '   ')
    await form.submit()
    expect(form.$state.get().errors.body?.key).toBe('service_err_empty')
    form.set('body', 'x'.repeat(501))
    await form.submit()
    expect(form.$state.get().errors.body?.key).toBe('service_err_too_long')
    expect(form.$state.get().values.body).toHaveLength(501)
    form.set('body', '<b>Where is my deposit?</b>')
    expect((await form.submit())?.error).toBeUndefined()
    expect(form.$state.get().values.body).toBe('')
    const mine = chat.$state.get().messages.at(-1)!
    expect(mine).toMatchObject({ from: 'player', body: '<b>Where is my deposit?</b>' })

    const conv = (await (await fetch(`${sb.url}/sandbox/cs/conversations`)).json()) as { value: { id: number; name: string }[] }
    const id = conv.value.find((c) => c.name === 'demo01')!.id
    await post(`/sandbox/cs/conversations/${id}/reply`, { body: 'Seen while open' })
    await vi.waitFor(() => expect(chat.$state.get().messages.at(-1)?.body).toBe('Seen while open'), { timeout: 10_000 })
    expect($chatUnread.get()).toBe(0)
    $serviceTool.set(null)
    await post(`/sandbox/cs/conversations/${id}/reply`, { body: 'Arrived while closed' })
    await vi.waitFor(() => expect($chatUnread.get()).toBe(1), { timeout: 10_000 })
    $serviceTool.set('chat')
    expect($chatUnread.get()).toBe(0)
    // A burst is refused with a message, the text kept in the box.
    let refused = false
    for (let i = 0; i < 6 && !refused; i++) {
      form.set('body', `burst ${i}`)
      const r = await form.submit()
      refused = r?.error?.code === 'rate_limited'
    }
    expect(refused).toBe(true)
    expect(form.$state.get().errors.form?.key).toBe('err_rate_limited')
    expect(form.$state.get().values.body).toMatch(/^burst \d$/)
    // Each message once, in id order.
    const ids = chat.$state.get().messages.map((m) => m.id)
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b))
    chat.stop()
  })

  it('a third window of the same chat is told the chat is open in too many windows', async () => {
    $serviceTool.set('chat')
    const windows = [createChat(), createChat(), createChat()]
    try {
      for (const w of windows.slice(0, 2)) {
        await w.start()
        await vi.waitFor(() => expect(w.$state.get().connection).toBe('live'), { timeout: 10_000 })
      }
      await windows[2].start()
      await vi.waitFor(() => expect(windows[2].$state.get().connection).toBe('refused'), { timeout: 10_000 })
      expect(windows[2].$state.get().streamError).toMatchObject({ code: 'too_many_streams', messageKey: 'err_too_many_streams' })
    } finally {
      for (const w of windows) w.stop()
    }
  })
})

describe('speed test', () => {
  // The times a route answers in are the sampler's (the store's own seam): what the test shows from
  // them is asserted, not how long the network took.
  const name = (url: string) => url.slice(url.lastIndexOf('/') + 1)

  it('times every route of both devices, marks the fastest by median and shows the one that does not answer as timed out', async () => {
    // app1 has the single quickest sample, www1 the lowest median: the median decides. www4 never answers.
    let times: Record<string, readonly (number | null)[]> = {
      'www1.lobbykit.example': [45, 20, 30],
      'www2.lobbykit.example': [180, 200, 170],
      'www3.lobbykit.example': [450, 440, 470],
      'www4.lobbykit.example': [null, 40, 40],
      'app1.lobbykit.example': [10, 300, 35],
      'app2.lobbykit.example': [300, 310, 290],
    }
    const asked: string[] = []
    const sampled = new Map<string, number>()
    const sampler: Sampler = async (url, timeoutMs) => {
      asked.push(url)
      expect(timeoutMs).toBe(speedTest.timeoutMs)
      const n = sampled.get(name(url)) ?? 0
      sampled.set(name(url), n + 1)
      return times[name(url)][n]
    }
    const test = createSpeedTest(sampler)
    expect(test.$state.get().routes).toEqual([])
    // Shown while it runs, as its view shows it: the store starts a run when it is first shown, so
    // reading it after nanostores' unmount delay (a get() mounts it again) would start another.
    const stop = test.$state.listen(() => {})
    await test.run()
    const routes = test.$state.get().routes
    // The platform's routes of both devices, each timed at the platform's probe address.
    expect(routes.map((r) => [r.domainName, r.device])).toEqual([
      ['www1.lobbykit.example', 0],
      ['www2.lobbykit.example', 0],
      ['www3.lobbykit.example', 0],
      ['www4.lobbykit.example', 0],
      ['app1.lobbykit.example', 3],
      ['app2.lobbykit.example', 3],
    ])
    expect(new Set(asked)).toEqual(new Set(routes.map((r) => `${sb.url}/sandbox/route/${r.domainName}`)))
    const byName = (domain: string) => routes.find((r) => r.domainName === domain)
    expect(byName('www1.lobbykit.example')).toMatchObject({ status: 'done', speed: 30, samples: speedTest.samples, fastest: true })
    expect(byName('app1.lobbykit.example')).toMatchObject({ status: 'done', speed: 35, samples: speedTest.samples, fastest: false })
    expect(byName('www3.lobbykit.example')).toMatchObject({ status: 'done', speed: 450, fastest: false })
    // The route that missed its first sample is not asked again, and shows 0.
    expect(byName('www4.lobbykit.example')).toMatchObject({ status: 'timeout', speed: 0, samples: 1, fastest: false })
    expect(sampled.get('www4.lobbykit.example')).toBe(1)
    expect(routes.filter((r) => r.fastest).map((r) => r.domainName)).toEqual(['www1.lobbykit.example'])
    expect(test.$state.get().running).toBe(false)

    // Test again: every route is timed afresh and the fastest follows the new times.
    times = { ...times, 'www1.lobbykit.example': [500, 520, 510], 'app1.lobbykit.example': [40, 35, 50] }
    sampled.clear()
    await test.run()
    const again = test.$state.get().routes
    expect(again.find((r) => r.domainName === 'www1.lobbykit.example')).toMatchObject({ status: 'done', speed: 510, fastest: false })
    expect(again.filter((r) => r.fastest).map((r) => r.domainName)).toEqual(['app1.lobbykit.example'])
    expect(again.find((r) => r.domainName === 'www4.lobbykit.example')).toMatchObject({ status: 'timeout', speed: 0 })

    // A tie (times are whole milliseconds): one route is marked, the first listed of those tied.
    times = { ...times, 'www2.lobbykit.example': [20, 25, 30], 'app1.lobbykit.example': [25, 25, 26] }
    sampled.clear()
    await test.run()
    const tied = test.$state.get().routes
    expect(tied.filter((r) => r.speed === 25).map((r) => r.domainName)).toEqual(['www2.lobbykit.example', 'app1.lobbykit.example'])
    expect(tied.filter((r) => r.fastest).map((r) => r.domainName)).toEqual(['www2.lobbykit.example'])

    stop()
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })

  it('over the network, shows the route that answers after the time-out as timed out and marks one answering route fastest', async () => {
    // The sandbox's www4 answers a second after the client's time-out (sandbox/service/speed.ts).
    const test = createSpeedTest()
    // Shown while it runs (see above): the run takes longer than nanostores' unmount delay.
    const stop = test.$state.listen(() => {})
    await test.run()
    const routes = test.$state.get().routes
    stop()
    expect(new Set(routes.map((r) => r.device))).toEqual(new Set([0, 3]))
    expect(routes.find((r) => r.domainName === 'www4.lobbykit.example')).toMatchObject({ status: 'timeout', speed: 0, samples: 1, fastest: false })
    const fastest = routes.filter((r) => r.fastest)
    expect(fastest).toHaveLength(1)
    expect(fastest[0].status).toBe('done')
    expect(fastest[0].speed).toBe(Math.min(...routes.filter((r) => r.status === 'done').map((r) => r.speed)))
  })
})

describe('help centre', () => {
  it('lists the entries in the page language and searches them, accents ignored', async () => {
    $locale.set('es')
    const stop = $helpResults.listen(() => {})
    await vi.waitFor(() => expect($helpResults.get().length).toBe(5), { timeout: 10_000 })
    searchHelp('retiro')
    expect($helpResults.get().map((e) => e.id)).toEqual(['withdraw'])
    searchHelp('CONTRASEÑA olvide')
    expect($helpResults.get().map((e) => e.id)).toEqual(['password'])
    searchHelp('')
    stop()
    $locale.set('en')
  })
})
