import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { emptyMaxAgeS, firstPaintMaxAgeS, firstPaintRoute } from './first-paint.ts'

// The route with a stand-in renderer (the real one is widgets/embed/server.tsx, tested beside it):
// what is cached, for how long, per what, and what a failure or a bad request answers.
const dir = mkdtempSync(join(tmpdir(), 'lk-first-paint-'))
writeFileSync(
  join(dir, 'render.js'),
  `export const firstPaintAttributes = { 'lk-games': ['game-type', 'page-size'] }
export const hasFirstPaint = (tag) => tag === 'lk-games'
export const calls = []
export async function renderFirstPaint(request) {
  calls.push(request)
  if (request.attrs['game-type'] === 'THROW') throw new Error('boom')
  if (request.attrs['game-type'] === 'BAD') return { html: '', data: null }
  const reply = await request.fetch(request.origin + '/wps/system/status?_language=' + request.locale)
  return { html: '<p>' + request.lang + ' ' + JSON.stringify(request.attrs) + '</p>', data: { status: await reply.text(), origin: request.origin } }
}
`,
)
const renderer = (await import(join(dir, 'render.js'))) as { calls: { tag: string; attrs: Record<string, string>; lang?: string; locale?: string; origin: string }[] }
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let clock = 1_000_000
const asked: string[] = []
const app = new Hono()
app.get(
  '/embed/:channel/render/:tag',
  firstPaintRoute({
    dir,
    origins: ['https://partner.example'],
    now: () => clock,
    api: (request) => {
      asked.push(new URL(request.url).pathname + new URL(request.url).search)
      return new Response('{"success":true}', { headers: { 'Content-Type': 'application/json' } })
    },
  }),
)
const get = (path: string, headers: Record<string, string> = {}) => app.request(`https://brand.example${path}`, { headers })

beforeEach(() => {
  renderer.calls.length = 0
  asked.length = 0
  clock += 3_600_000
})

describe('GET /embed/v1/render/<tag>', () => {
  it('answers the first paint with an ETag and a short max-age, and 304 to a request that has it', async () => {
    const first = await get('/embed/v1/render/lk-games?game-type=RNG&lang=es&locale=en')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe(`public, max-age=${firstPaintMaxAgeS}`)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]+"$/)
    const body = (await first.json()) as { html: string; data: { status: string; origin: string } }
    expect(body.html).toBe('<p>es {"game-type":"RNG"}</p>')
    // The render's platform calls reach this host's own API in-process, on the browser's origin.
    expect(body.data).toEqual({ status: '{"success":true}', origin: 'https://brand.example' })
    expect(asked).toEqual(['/wps/system/status?_language=en'])
    const again = await get('/embed/v1/render/lk-games?game-type=RNG&lang=es&locale=en', { 'If-None-Match': etag ?? '' })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
  })

  it('renders once per element, counted attributes and languages while fresh, and again once stale', async () => {
    const path = '/embed/v1/render/lk-games?page-size=6&lang=en&locale=en'
    await get(path)
    // Another order, and attributes the first paint does not depend on: the same entry.
    await get('/embed/v1/render/lk-games?locale=en&theme=dark&lang=en&page-size=6&affiliate-code=X')
    expect(renderer.calls).toHaveLength(1)
    expect(renderer.calls[0].attrs).toEqual({ 'page-size': '6' })
    // Another text language, data language or attribute value is another render.
    await get('/embed/v1/render/lk-games?page-size=6&lang=es&locale=en')
    await get('/embed/v1/render/lk-games?page-size=6&lang=en&locale=vi')
    await get('/embed/v1/render/lk-games?page-size=7&lang=en&locale=en')
    expect(renderer.calls.map((c) => [c.lang, c.locale, c.attrs['page-size']])).toEqual([
      ['en', 'en', '6'],
      ['es', 'en', '6'],
      ['en', 'vi', '6'],
      ['en', 'en', '7'],
    ])
    // The age left is what a browser may keep it.
    clock += 20_000
    const older = await get(path)
    expect(older.headers.get('cache-control')).toBe(`public, max-age=${firstPaintMaxAgeS - 20}`)
    expect(renderer.calls).toHaveLength(4)
    clock += (firstPaintMaxAgeS - 20) * 1000
    await get(path)
    expect(renderer.calls).toHaveLength(5)
  })

  it('answers an empty first paint, never a 500, when the renderer refuses or fails', async () => {
    for (const type of ['BAD', 'THROW']) {
      const reply = await get(`/embed/v1/render/lk-games?game-type=${type}&lang=en`)
      expect(reply.status).toBe(200)
      expect(await reply.json()).toEqual({ html: '', data: null })
      // Asked again sooner than a first paint.
      expect(reply.headers.get('cache-control')).toBe(`public, max-age=${emptyMaxAgeS}`)
    }
  })

  it('answers 404 with an empty first paint for an element without one', async () => {
    const reply = await get('/embed/v1/render/lk-register?lang=en')
    expect(reply.status).toBe(404)
    expect(await reply.json()).toEqual({ html: '', data: null })
    expect(renderer.calls).toHaveLength(0)
  })

  it('lets the embed origins read it cross-origin, and no other', async () => {
    const allowed = await get('/embed/v1/render/lk-games?lang=en', { Origin: 'https://partner.example' })
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example')
    const other = await get('/embed/v1/render/lk-games?lang=en', { Origin: 'https://evil.example' })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    expect(other.headers.get('vary')).toContain('Origin')
  })

  it('compresses the answer for a browser that accepts it', async () => {
    const reply = await get('/embed/v1/render/lk-games?lang=en&page-size=3', { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(reply.headers.get('content-encoding')).toBe('br')
    const gzip = await get('/embed/v1/render/lk-games?lang=en&page-size=3', { 'Accept-Encoding': 'gzip' })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
  })

  it('answers 404 when the renderer is not built', async () => {
    const bare = new Hono()
    bare.get('/embed/:channel/render/:tag', firstPaintRoute({ dir: join(dir, 'missing'), origins: [], api: () => new Response('') }))
    const reply = await bare.request('https://brand.example/embed/v1/render/lk-games')
    expect(reply.status).toBe(404)
  })
})

// With PLATFORM_URL the host has no sandbox of its own: its first paints come from that platform,
// through the same proxy the browser's calls take (here another sandbox plays the platform, and the
// renderer is the source module behind the same interface as the built bundle).
describe('GET /embed/v1/render/<tag> with PLATFORM_URL', () => {
  it('renders from the real platform through the host', async () => {
    const { startSandbox } = await import('../testing.ts')
    const { startServer } = await import('../host.ts')
    const platform = await startSandbox({})
    const source = mkdtempSync(join(tmpdir(), 'lk-first-paint-source-'))
    writeFileSync(join(source, 'render.js'), `export * from ${JSON.stringify(join(process.cwd(), 'widgets/embed/server.tsx'))}\n`)
    const host = await startServer({ port: 0, platformUrl: platform.url, renderDir: source, embedDir: source, staticDir: source, shed: false })
    // The host's own route (4 s for the replies) and, for a loaded test machine, the same route with a minute.
    const patient = new Hono()
    patient.get(
      '/embed/:channel/render/:tag',
      firstPaintRoute({
        dir: source,
        origins: [],
        deadlineMs: 60_000,
        api: (request) => {
          const url = new URL(request.url)
          return fetch(new URL(url.pathname + url.search, host.url), { method: request.method, headers: request.headers })
        },
      }),
    )
    try {
      expect((await fetch(`${host.url}/embed/v1/render/lk-games?lang=en&locale=en&page-size=2`)).status).toBe(200)
      const reply = await patient.request(`${host.url}/embed/v1/render/lk-games?lang=en&locale=en&page-size=3`)
      expect(reply.status).toBe(200)
      const body = (await reply.json()) as { html: string; data: { replies: Record<string, unknown> } }
      expect(body.html.match(/class="lk-gamecard"/g)).toHaveLength(3)
      expect(Object.keys(body.data.replies).some((k) => k.startsWith('/wps/relay/GCSGAME_gameList?'))).toBe(true)
    } finally {
      await host.close()
      await platform.close()
      rmSync(source, { recursive: true, force: true })
    }
  })
})
