import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embedOrigins } from './cors.ts'
import { startSandbox, type Sandbox } from './testing.ts'

const partner = 'https://partner.example'

describe('embed CORS', () => {
  let sb: Sandbox
  const before = process.env.EMBED_ORIGINS
  beforeAll(async () => {
    // Read when the API app is created: this sandbox allows one partner only.
    process.env.EMBED_ORIGINS = `${partner}, https://other.example/`
    sb = await startSandbox()
  })
  afterAll(async () => {
    if (before === undefined) delete process.env.EMBED_ORIGINS
    else process.env.EMBED_ORIGINS = before
    await sb.close()
  })

  const preflight = (path: string, origin: string) =>
    fetch(`${sb.url}${path}`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'merchant,language,device' },
    })

  it('lets a listed partner read the public game list, preflight included', async () => {
    const pre = await preflight('/wps/relay/GCSGAME_gameList', partner)
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe(partner)
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Merchant/)
    // Kept as long as Chromium keeps any (2 h): a page seen again in the session asks without a preflight.
    expect(pre.headers.get('access-control-max-age')).toBe('7200')
    const list = await fetch(`${sb.url}/wps/relay/GCSGAME_gameList?gameType=RNG&page=1&pageSize=3&language=en`, { headers: { Origin: partner, Merchant: 'LOBBYKIT' } })
    expect(list.status).toBe(200)
    expect(list.headers.get('access-control-allow-origin')).toBe(partner)
    expect(((await list.json()) as { value: { list: unknown[] } }).value.list).toHaveLength(3)
  })

  it('answers a public read sent as a simple request (merchant, language and device in the query): no preflight needed', async () => {
    const read = (language: string) =>
      fetch(`${sb.url}/wps/relay/GCSGAME_gameList?gameType=RNG&page=1&pageSize=3&_merchant=LOBBYKIT&_language=${language}&_device=WEB`, { headers: { Origin: partner } })
    const [en, es] = await Promise.all([read('en'), read('es')])
    expect(en.status).toBe(200)
    expect(en.headers.get('access-control-allow-origin')).toBe(partner)
    const names = async (r: Response) => ((await r.json()) as { value: { list: { displayName: string }[] } }).value.list.map((g) => g.displayName)
    const [enNames, esNames] = [await names(en), await names(es)]
    expect(enNames).toHaveLength(3)
    // The language came from the query: the names are the Spanish ones.
    expect(esNames).not.toEqual(enNames)
  })

  it('refuses an origin that is not listed', async () => {
    expect((await preflight('/wps/relay/GCSGAME_gameList', 'https://evil.example')).status).toBe(403)
    const status = await fetch(`${sb.url}/wps/system/status`, { headers: { Origin: 'https://evil.example' } })
    expect(status.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers no CORS for calls outside the public reads (login, balance)', async () => {
    const login = await preflight('/wps/session/login', partner)
    expect(login.headers.get('access-control-allow-origin')).toBeNull()
    const balance = await fetch(`${sb.url}/wps/v2/wallets/balance`, { headers: { Origin: partner } })
    expect(balance.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('reads EMBED_ORIGINS, with every origin in development and none in production by default', () => {
    expect(embedOrigins({ EMBED_ORIGINS: 'https://a.example, https://b.example/' }, true)).toEqual(['https://a.example', 'https://b.example'])
    expect(embedOrigins({}, false)).toEqual(['*'])
    expect(embedOrigins({}, true)).toEqual([])
  })
})
