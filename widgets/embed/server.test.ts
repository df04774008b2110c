import { allTasks } from 'nanostores'
import { beforeEach, describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { renderFirstPaint, stylesOf } from './server.tsx'
import { gamesOptions, requestKey } from './first-paint.ts'

// The server's first paint of lk-games against a real sandbox: the same GamesPage the element
// hydrates, rendered loaded, with the platform's replies and the pictures beside it.
const { sb } = sandboxForFile()
const render = (attrs: Record<string, string>, lang = 'en', locale = 'en') =>
  renderFirstPaint({ tag: 'lk-games', attrs, lang, locale, origin: sb.url, fetch: (input, init) => fetch(input, init), deadlineMs: 60_000 })

// Renders share the stores by key, and the stores an earlier render held follow each render's new
// client: a call of an earlier render still in flight would answer this one's store of the same key,
// its reply then missing from this render's data. Each test starts with none in flight.
beforeEach(() => allTasks())

describe('renderFirstPaint (lk-games)', () => {
  it('renders the first page of games with their pictures, and the replies the element asks for', async () => {
    const { html, data } = await render({ 'page-size': '4' })
    expect(html.match(/class="lk-gamecard"/g)).toHaveLength(4)
    // The pictures are in the HTML, on the platform's CDN (the browser asks them before any script).
    const pictures = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1])
    expect(pictures).toHaveLength(4)
    for (const src of pictures) expect(src.startsWith(`${sb.url}/`)).toBe(true)
    expect(Object.values(data?.pictures ?? {}).sort()).toEqual([...pictures].sort())
    // No inline style attribute (a partner's CSP refuses them); no hoisted preload before the markup.
    expect(html).not.toContain(' style="')
    expect(html).toContain('data-lk-style="padding-top:75.000%"')
    expect(html.startsWith('<div class="lk-lobby lk-games"')).toBe(true)
    // Every call the element makes at start is answered in the data: the status, the menus, the list, hot games, classifications.
    const keys = Object.keys(data?.replies ?? {})
    for (const path of ['/wps/system/status', '/lgw/games/game_menus', '/wps/relay/GCSGAME_gameList', '/wps/relay/GCSGAME_hotGamesV2', '/wps/relay/GCSGAME_getVassGameType']) {
      expect(keys.some((k) => k.startsWith(`${path}?`))).toBe(true)
    }
    const list = Object.entries(data?.replies ?? {}).find(([k]) => k.startsWith('/wps/relay/GCSGAME_gameList?'))
    expect(list?.[0]).toContain('pageSize=4')
    expect(list?.[1].status).toBe(200)
    // The names shown are the list's.
    const names = (JSON.parse(list?.[1].text ?? '{}') as { value: { list: { displayName: string }[] } }).value.list.map((g) => g.displayName)
    for (const name of names) expect(html).toContain(`>${name.replaceAll('&', '&amp;')}<`)
  })

  it('renders a small screen without the pager (phones scroll on), a large one with it', async () => {
    const phone = await render({ 'page-size': '2', small: '1' })
    expect(phone.html).not.toContain('class="lk-pager"')
    expect(phone.data?.media).toEqual({ '(max-width: 640px)': true })
    const desk = await render({ 'page-size': '2', small: '0' })
    expect(desk.html).toContain('class="lk-pager"')
    expect(desk.data?.media).toEqual({ '(max-width: 640px)': false })
  })

  it('renders in the element language with the data in the page language', async () => {
    const { html, data } = await render({ 'game-type': 'FISH', 'page-size': '2' }, 'es', 'en')
    expect(html).toContain('data-game-type="FISH"')
    expect(html).toContain('Buscar')
    expect(data).toMatchObject({ lang: 'es', locale: 'en', attrs: { 'game-type': 'FISH', 'page-size': '2' } })
    expect(Object.keys(data?.replies ?? {}).find((k) => k.includes('GCSGAME_gameList'))).toContain('language=en')
  })

  it('renders nothing for a value the element refuses, an unknown language or element', async () => {
    const refused: Record<string, string>[] = [{ 'game-type': 'SPORTS' }, { 'page-size': '0' }, { 'page-size': '101' }, { 'page-size': 'x' }, { vendor: '<b>' }]
    for (const attrs of refused) {
      expect(await render(attrs)).toEqual({ html: '', data: null })
    }
    expect(await render({}, 'de')).toEqual({ html: '', data: null })
    expect(await renderFirstPaint({ tag: 'lk-register', attrs: {}, origin: sb.url, fetch })).toEqual({ html: '', data: null })
  })

  it('renders lk-promotions: the cards linking to the brand site, their pictures on the CDN', async () => {
    const { html, data } = await renderFirstPaint({ tag: 'lk-promotions', attrs: {}, lang: 'en', origin: sb.url, fetch, deadlineMs: 60_000 })
    expect(html).toContain(`href="${sb.url}/promoDetail?id=`)
    expect(html).toContain('target="_blank"')
    const pictures = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1])
    expect(pictures.length).toBeGreaterThan(0)
    expect(Object.values(data?.pictures ?? {}).sort()).toEqual([...new Set(pictures)].sort())
    expect(Object.keys(data?.replies ?? {}).some((k) => k.includes('MCSFE_getListAnnouncements'))).toBe(true)
  })

  it('renders lk-lobby: the category tabs, the first category’s games and the winner board', async () => {
    const { html, data } = await renderFirstPaint({ tag: 'lk-lobby', attrs: { small: '1' }, lang: 'en', origin: sb.url, fetch, deadlineMs: 60_000 })
    expect(html).toContain('role="tablist"')
    expect(html.match(/class="lk-gamecard"/g)).toHaveLength(15)
    expect(html).toContain('class="lk-winners__list"')
    expect(data?.attrs).toEqual({ small: '1' })
    expect(Object.keys(data?.pictures ?? {})).toHaveLength(15)
  })

  it('renders lk-jackpot: its own markup with the amount of the moment in the element language', async () => {
    const { html, data } = await renderFirstPaint({ tag: 'lk-jackpot', attrs: {}, lang: 'es', origin: sb.url, fetch })
    expect(html).toMatch(
      /^<section class="lk-jackpot" part="root jackpot" aria-label="Bote"><span class="lk-jackpot__label" part="label">Bote<\/span><output class="lk-jackpot__value" part="value">[\d.]+,\d{2}\s₱<\/output><\/section>$/,
    )
    expect(data?.replies).toEqual({})
  })

  it('renders lk-winners: the board with its reply', async () => {
    const { html, data } = await renderFirstPaint({ tag: 'lk-winners', attrs: { 'game-type': 'FISH' }, lang: 'es', origin: sb.url, fetch, deadlineMs: 60_000 })
    expect(html).toContain('class="lk-winners__list"')
    expect(html.match(/class="lk-winners__row"/g)?.length).toBeGreaterThan(0)
    expect(data?.attrs).toEqual({})
    expect(Object.keys(data?.replies ?? {}).some((k) => k.startsWith('/wps/relay/'))).toBe(true)
  })

  it('asks the platform again for each render (its replies are all in each render’s data)', async () => {
    const a = await render({ 'page-size': '3' })
    const b = await render({ 'page-size': '3' })
    // The calls lk-games makes at start. (A winner board an earlier render loaded is kept for the
    // process's life and asked again by each later render: its reply may join either render's data.)
    const start = ['/wps/system/status', '/lgw/games/game_menus', '/wps/relay/GCSGAME_gameList', '/wps/relay/GCSGAME_hotGamesV2', '/wps/relay/GCSGAME_getVassGameType']
    const own = (paint: typeof a) =>
      Object.keys(paint.data?.replies ?? {})
        .filter((key) => start.some((path) => key.startsWith(`${path}?`)))
        .sort()
    expect(own(a)).toHaveLength(start.length)
    expect(own(b)).toEqual(own(a))
  })

  it('names the stylesheet of the element, starting with the host reset (the CSS files are empty under Vitest)', () => {
    expect(stylesOf('lk-games')).toContain(':host{all:initial')
  })
})

describe('renderFirstPaint without a platform', () => {
  it('renders nothing when the platform does not answer in time', async () => {
    // Silent through the render, then its connections drop: its calls end here, not at the client's
    // time-out, which the next test would wait for (or, not waiting, join).
    const dropping = new Set<() => void>()
    let answering = false
    const silent: typeof fetch = (_input, init) =>
      answering
        ? Promise.reject(new TypeError('fetch failed'))
        : new Promise((_resolve, reject) => {
            const drop = () => reject(new TypeError('fetch failed'))
            dropping.add(drop)
            init?.signal?.addEventListener('abort', drop)
          })
    expect(await renderFirstPaint({ tag: 'lk-games', attrs: {}, origin: sb.url, fetch: silent, deadlineMs: 200 })).toEqual({ html: '', data: null })
    expect(dropping.size).toBeGreaterThan(0)
    answering = true
    for (const drop of dropping) drop()
    await allTasks()
  })
})

describe('first paint helpers', () => {
  it('keys a request by path and sorted query, whatever its origin', () => {
    expect(requestKey('https://a.example/wps/x?b=2&a=1')).toBe(requestKey('http://127.0.0.1:9/wps/x?a=1&b=2'))
  })
  it('reads lk-games attributes as the element does', () => {
    expect(gamesOptions({})).toEqual({ gameType: 'RNG', vendor: '', pageSize: 15 })
    expect(gamesOptions({ 'game-type': 'PVP', vendor: 'KY', 'page-size': '100' })).toEqual({ gameType: 'PVP', vendor: 'KY', pageSize: 100 })
    expect(gamesOptions({ 'page-size': '1.5' })).toBeUndefined()
  })
})
