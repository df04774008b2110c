import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { replayingFetch, seedReplies } from '../../sdk/client/replay.ts'
import { configure } from '../../sdk/runtime/index.ts'
import { createStorage } from '../../sdk/storage/index.ts'
import { invalidateKeys } from '../../sdk/stores/index.ts'
import { renderFirstPaint } from './server.tsx'
import { loadLottery } from './first-paint-lottery.ts'
import { lotteryLobbyOf, lotteryStart, lotteryView } from './lottery-view.ts'
import { viewTree } from './view-tree.ts'

// lk-lottery's first paint against a real sandbox: the server renders the lobby with its countdowns
// as of the replies it sends, and the browser's first render from those replies (later, on its own
// clock) makes the same HTML, so hydration meets it; the countdowns tick once it has hydrated.
const { sb } = sandboxForFile()
const render = (attrs: Record<string, string>, lang = 'en', locale = 'en') =>
  renderFirstPaint({ tag: 'lk-lottery', attrs, lang, locale, origin: sb.url, fetch: (input, init) => fetch(input, init), deadlineMs: 60_000 })

/** The element's tree rendered as the server renders it (style attributes travel as `data-lk-style`). */
const html = (tree: Parameters<typeof viewTree>[0], lang = 'en') => renderToString(viewTree(tree, lang, { pictures: {}, media: {} })).replaceAll(' style="', ' data-lk-style="')
const timers = (markup: string) => [...markup.matchAll(/<span role="timer">([^<]*)<\/span>/g)].map((m) => m[1])
const noOpen = () => {}

/** The browser's side: a fresh client whose GETs the seeded replies answer; `asked` lists what reached the network. */
function browser(replies: Record<string, { status: number; text: string }>): string[] {
  const asked: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    asked.push(String(input instanceof Request ? input.url : input))
    return realFetch(input, init)
  })
  configure({ baseURL: sb.url, storage: createStorage(), simpleReads: true, fetch: replayingFetch })
  seedReplies(replies)
  // Every reply the server render left in this process's stores is dropped: the browser has only the sent data.
  invalidateKeys(() => true)
  return asked
}
const realFetch = globalThis.fetch

afterEach(() => vi.restoreAllMocks())

describe('renderFirstPaint (lk-lottery)', () => {
  it('renders page-size games with their countdowns as of the replies it sends, with their reply time', async () => {
    const before = Date.now()
    const { html: markup, data } = await render({ 'page-size': '3' })
    expect(markup.startsWith('<div part="lottery"><div class="lk-lot">')).toBe(true)
    // Three games in the list (the selected game's section is absent: no game-code), each with two countdowns.
    const list = markup.slice(markup.indexOf('id="lk-lot-games"'))
    expect(list.match(/class="lk-lot-game"/g)).toHaveLength(3)
    expect(timers(markup)).toHaveLength(6)
    expect(markup).toContain('Show more')
    expect(markup).not.toContain(' style="')
    expect(data?.repliedAt).toBeGreaterThanOrEqual(before)
    expect(data?.repliedAt).toBeLessThanOrEqual(Date.now())
    expect(data?.attrs).toEqual({ 'page-size': '3' })
    // The menus (every prize mode), the prize mode's game menus, the side lists and the status are in the data.
    const keys = Object.keys(data?.replies ?? {})
    for (const path of ['/wps/system/status', '/lgw/games/game_menus', '/lgw/vn/games/game_menu?', '/lgw/games/popular']) expect(keys.some((k) => k.startsWith(path))).toBe(true)
    expect(keys.filter((k) => k.startsWith('/lgw/vn/games/game_menu?')).length).toBeGreaterThanOrEqual(2)
    // The first game's countdown is its reply's remaining time, not a second later.
    const menus = Object.entries(data?.replies ?? {}).find(([k]) => k.startsWith('/lgw/vn/games/game_menu?'))
    expect(menus?.[1].status).toBe(200)
  })

  it('renders in the element language, and nothing for a value the element refuses or the draws views', async () => {
    const { html: markup, data } = await render({ 'page-size': '2', vendor: 'ELOTT' }, 'es', 'en')
    expect(markup).toContain('Juegos')
    expect(data).toMatchObject({ lang: 'es', locale: 'en', attrs: { 'page-size': '2', vendor: 'ELOTT' } })
    const refused: Record<string, string>[] = [
      { 'page-size': '0' },
      { 'page-size': '101' },
      { 'page-size': 'x' },
      { view: 'results', 'game-code': 'EL_F3_1' },
      { view: 'trend' },
      { view: 'other' },
    ]
    for (const attrs of refused) expect(await render(attrs)).toEqual({ html: '', data: null })
  })

  it('the browser, later and from the sent replies only, renders the same HTML; once live its countdowns tick', async () => {
    const attrs = { 'page-size': '4', 'game-code': 'EL_F3_1', view: 'betting' }
    const { html: server, data } = await render(attrs)
    if (!data?.repliedAt) throw new Error('no reply time')
    expect(server).toContain('lk-lot-game--on')
    // Seven seconds later by the browser's clock, which then stands still: the browser takes the replies
    // at its own time, and their replay window (replayMs) cannot run out while a loaded machine starts
    // the lobby (it did in a full run: game_menus was asked again).
    const later = Date.now() + 7_000
    vi.spyOn(Date, 'now').mockImplementation(() => later)
    const asked = browser(data.replies)
    const start = lotteryStart(attrs)
    if (!start) throw new Error('refused')
    const lobby = lotteryLobbyOf(start, data.repliedAt)
    const loaded = await loadLottery(lobby, 10_000)
    expect(loaded.settled).toBe(true)
    expect(asked, 'nothing asked again: the replies answered every call').toEqual([])
    const first = html(lotteryView(start, sb.url, noOpen, lobby))
    expect(first).toBe(server)
    // Hydrated: the clock starts, and the countdowns count from the reply time (7 s and more ago).
    const stopClock = lobby.$now.listen(() => {})
    lobby.live()
    const live = html(lotteryView(start, sb.url, noOpen, lobby))
    const shown = (markup: string) => timers(markup).map((t) => t.split(':').reduce((s, part) => s * 60 + Number(part), 0))
    const [was, is] = [shown(server), shown(live)]
    expect(is.length).toBe(was.length)
    // Only draws a minute or more away: a nearer one may close while a loaded machine runs this test.
    for (const [i, seconds] of was.entries()) if (seconds > 60) expect(seconds - is[i], `countdown ${i}`).toBeGreaterThanOrEqual(7)
    stopClock()
    loaded()
    seedReplies(data.replies, 0)
  })

  it('a draw that closed between the render and hydration shows closed once live, and the poll asks the platform at once', async () => {
    const attrs = { 'page-size': '100' }
    const { html: server, data } = await render(attrs)
    if (!data?.repliedAt) throw new Error('no reply time')
    const asked = browser(data.replies)
    const start = lotteryStart(attrs)
    if (!start) throw new Error('refused')
    // The replies came two minutes before the browser hydrates (a first paint served from a cache).
    const old = data.repliedAt - 120_000
    const lobby = lotteryLobbyOf(start, old)
    const loaded = await loadLottery(lobby, 10_000)
    // What the element does once its stores hold the replies: the next ask reaches the platform.
    seedReplies(data.replies, 0)
    expect(lobby.$fetchedAt.get()).toBe(old)
    expect(html(lotteryView(start, sb.url, noOpen, lobby)), 'hydrating: the server’s seconds').toBe(server)
    const stopClock = lobby.$now.listen(() => {})
    lobby.live()
    // Every game whose betting closed within those two minutes now says so (one "Closed" per game).
    const games = (lobby.$menus.get().data ?? []).flatMap((m) => m.gameMenus)
    const closed = (markup: string) => markup.match(/<span role="timer">Closed<\/span>/g)?.length ?? 0
    expect(closed(server)).toBe(games.filter((g) => g.remainTime <= 0).length)
    expect(
      games.some((g) => g.remainTime > 0 && g.remainTime <= 120),
      'the sandbox has a game closing within two minutes',
    ).toBe(true)
    expect(closed(html(lotteryView(start, sb.url, noOpen, lobby)))).toBe(games.filter((g) => g.remainTime <= 120).length)
    // The poll counts from the reply time: the platform is asked within about a second, not a whole wait later.
    await vi.waitFor(() => expect(asked.some((url) => url.includes('/lgw/vn/games/game_menu?'))).toBe(true), { timeout: 5_000 })
    await vi.waitFor(() => expect(lobby.$fetchedAt.get()).toBeGreaterThan(data.repliedAt ?? 0), { timeout: 5_000 })
    stopClock()
    loaded()
  })
})

describe('lotteryStart', () => {
  it('reads lk-lottery attributes as the element does', () => {
    expect(lotteryStart({})).toEqual({ filters: { gameCode: '', vendor: '', playType: '', view: '' }, pageSize: 6 })
    expect(lotteryStart({ 'game-code': ' EL_F3_1 ', view: 'betting', 'page-size': '100', 'play-type': 'BIG_SMALL' })).toEqual({
      filters: { gameCode: 'EL_F3_1', vendor: '', playType: 'BIG_SMALL', view: 'betting' },
      pageSize: 100,
    })
    expect(lotteryStart({ 'page-size': '2.5' })).toBeUndefined()
  })
})
