import { request } from 'node:http'
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../sdk/contract/all.ts'
import { sandboxForFile } from '../testkit.ts'
import { createCompressor, pickEncoding, sharedTag, type CompressorLimits } from './compress.ts'

const utf8 = new TextEncoder()
/** A JSON envelope of about `n` games, well over the size worth compressing. */
const envelope = (lang: string, n = 60) =>
  utf8.encode(
    JSON.stringify({ success: true, code: 'ok', message: '', value: { list: Array.from({ length: n }, (_, i) => ({ nodeId: `PG-${i}`, displayName: `${lang} game ${i}` })) } }),
  )
const replies = { en: envelope('en'), es: envelope('es'), zh: envelope('zh') }
const small = utf8.encode('{"success":true,"code":"ok","message":"","value":null}')

/**
 * An API behind a compressor, as the host mounts it: `/shared/:lang` answers a reply kept by a reply
 * cache (the same bytes object every time, tagged), `/private/:lang` the same bytes as a caller's own
 * reply (a new object each time, no tag), `/foreign` a reply with a tag the compressor did not make.
 */
function api(limits?: CompressorLimits) {
  const inner = new Hono()
  const lang = (l: string) => replies[l as keyof typeof replies]
  inner.get('/shared/small', (c) => c.body(small, 200, { 'Content-Type': 'application/json', ETag: sharedTag(small) }))
  inner.get('/shared/:lang', (c) => c.body(lang(c.req.param('lang')), 200, { 'Content-Type': 'application/json', ETag: sharedTag(lang(c.req.param('lang'))) }))
  inner.get('/private/:lang', (c) => c.body(new Uint8Array(lang(c.req.param('lang'))), 200, { 'Content-Type': 'application/json' }))
  inner.get('/foreign', (c) => c.body(new Uint8Array(replies.en), 200, { 'Content-Type': 'application/json', ETag: '"v1"' }))
  const compressor = createCompressor(limits)
  const app = new Hono()
  app.all('*', async (c) => compressor.compress(c, await inner.fetch(c.req.raw)))
  const get = async (path: string, accept?: string) => {
    const res = await app.request(path, { headers: accept ? { 'Accept-Encoding': accept } : {} })
    return { status: res.status, headers: res.headers, body: new Uint8Array(await res.arrayBuffer()) }
  }
  return { get, stats: compressor.stats }
}

const decode = (body: Uint8Array, enc: string | null) => Buffer.from(enc === 'br' ? brotliDecompressSync(body) : enc === 'gzip' ? gunzipSync(body) : body).toString()

describe('API compression', () => {
  it('picks brotli before gzip and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br')
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip')
    expect(pickEncoding('br;q=0.0, gzip;q=0')).toBeNull()
    expect(pickEncoding(undefined)).toBeNull()
  })

  it('sends the same bytes as the synchronous compression did (brotli quality 4, gzip level 6)', async () => {
    const { get } = api()
    for (const path of ['/shared/en', '/private/en']) {
      const br = await get(path, 'br')
      expect([path, br.headers.get('content-encoding')]).toEqual([path, 'br'])
      expect(Buffer.from(br.body)).toEqual(brotliCompressSync(replies.en, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }))
      expect(br.headers.get('content-length')).toBe(String(br.body.byteLength))
      const gz = await get(path, 'gzip')
      expect([path, gz.headers.get('content-encoding')]).toEqual([path, 'gzip'])
      expect(Buffer.from(gz.body)).toEqual(gzipSync(replies.en, { level: 6 }))
      expect(decode(gz.body, 'gzip')).toBe(Buffer.from(replies.en).toString())
    }
  })

  it('compresses a shared reply once per encoding, also for requests that arrive together', async () => {
    const { get, stats } = api()
    const first = await get('/shared/en', 'gzip, deflate, br')
    const again = await get('/shared/en', 'br')
    expect(stats()).toMatchObject({ compressed: 1, reused: 1, kept: 1 })
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    const together = await Promise.all(Array.from({ length: 5 }, () => get('/shared/es', 'br')))
    expect(stats()).toMatchObject({ compressed: 2, reused: 5, kept: 2 })
    for (const r of together) expect(decode(r.body, 'br')).toBe(Buffer.from(replies.es).toString())
    // Another encoding is another form: compressed once too.
    await get('/shared/en', 'gzip')
    await get('/shared/en', 'gzip')
    expect(stats()).toMatchObject({ compressed: 3, reused: 6, kept: 3 })
  })

  it('never answers one body with the compressed bytes of another', async () => {
    const { get } = api()
    for (const round of [1, 2])
      for (const lang of ['en', 'es', 'zh'] as const) {
        const r = await get(`/shared/${lang}`, 'br')
        expect([round, lang, decode(r.body, 'br')]).toEqual([round, lang, Buffer.from(replies[lang]).toString()])
      }
  })

  it('gives each form of a shared reply its own tag and says it varies by Accept-Encoding', async () => {
    const { get } = api()
    const tag = sharedTag(replies.en)
    expect(tag).toMatch(/^"r-[\w-]{22}"$/)
    expect(sharedTag(replies.es)).not.toBe(tag)
    // The tag is the bytes' own: equal bytes, equal tag.
    expect(sharedTag(new Uint8Array(replies.en))).toBe(tag)
    const plain = await get('/shared/en')
    const br = await get('/shared/en', 'br')
    const gz = await get('/shared/en', 'gzip')
    expect([plain.headers.get('etag'), plain.headers.get('content-encoding'), plain.headers.get('vary')]).toEqual([tag, null, 'Accept-Encoding'])
    expect([br.headers.get('etag'), br.headers.get('vary')]).toEqual([`${tag.slice(0, -1)}-br"`, 'Accept-Encoding'])
    expect([gz.headers.get('etag'), gz.headers.get('vary')]).toEqual([`${tag.slice(0, -1)}-gzip"`, 'Accept-Encoding'])
    expect(decode(plain.body, null)).toBe(Buffer.from(replies.en).toString())
    // Too small to be worth compressing: sent as it is, under its own tag, and not read again to know that.
    const tiny = await get('/shared/small', 'br')
    const tinyAgain = await get('/shared/small', 'br')
    expect([tinyAgain.headers.get('content-encoding'), tinyAgain.headers.get('etag'), tinyAgain.headers.get('vary')]).toEqual([null, sharedTag(small), 'Accept-Encoding'])
    expect(tinyAgain.body).toEqual(small)
    expect(tiny.body).toEqual(small)
  })

  it('never keeps or shares a private reply, and weakens a tag it did not make', async () => {
    const { get, stats } = api()
    const one = await get('/private/en', 'br')
    const two = await get('/private/en', 'br')
    expect(stats()).toMatchObject({ compressed: 2, reused: 0, kept: 0, keptBytes: 0 })
    expect([one.headers.get('etag'), two.headers.get('etag')]).toEqual([null, null])
    expect(decode(two.body, 'br')).toBe(Buffer.from(replies.en).toString())
    const foreign = await get('/foreign', 'br')
    expect([foreign.headers.get('etag'), foreign.headers.get('content-encoding')]).toEqual(['W/"v1"', 'br'])
    expect(stats()).toMatchObject({ compressed: 3, kept: 0 })
    expect((await get('/foreign')).headers.get('etag')).toBe('"v1"')
  })

  it('keeps at most the entries and bytes it is given, least recently used first', async () => {
    const { get, stats } = api({ maxEntries: 2 })
    await get('/shared/en', 'br')
    await get('/shared/es', 'br')
    await get('/shared/en', 'br')
    await get('/shared/zh', 'br')
    expect(stats()).toMatchObject({ compressed: 3, reused: 1, kept: 2 })
    // es went (least recently used): compressed again; en stayed.
    await get('/shared/en', 'br')
    await get('/shared/es', 'br')
    expect(stats()).toMatchObject({ compressed: 4, reused: 2, kept: 2 })
    const bounded = api({ maxBytes: 1 })
    await bounded.get('/shared/en', 'br')
    await bounded.get('/shared/en', 'br')
    expect(bounded.stats()).toMatchObject({ compressed: 2, kept: 0, keptBytes: 0 })
  })
})

describe('API compression on the sandbox', () => {
  const { sb } = sandboxForFile()

  /** Raw GET without fetch's automatic decompression, to see the bytes on the wire. */
  const raw = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      request(`${sb.url}${path}`, { headers: { Merchant: 'LOBBYKIT', Device: 'WEB', ...headers } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
        .on('error', reject)
        .end()
    })

  it('serves the game list compressed, each language its own bytes and tag, the same bytes again', async () => {
    const en = `${endpoints.gameList.path}?gameType=RNG&pageSize=50`
    const es = `${en}&language=es`
    const plainEn = await raw(en)
    const plainEs = await raw(es)
    // The embed's CORS varies by Origin too.
    expect([plainEn.status, plainEn.headers['content-encoding'], plainEn.headers.vary]).toEqual([200, undefined, 'Origin, Accept-Encoding'])
    expect(plainEs.body.toString()).not.toBe(plainEn.body.toString())
    const brEn = await raw(en, { 'Accept-Encoding': 'br' })
    const brEs = await raw(es, { 'Accept-Encoding': 'br' })
    const brEnAgain = await raw(en, { 'Accept-Encoding': 'br' })
    expect([brEn.headers['content-encoding'], brEn.headers.vary, brEn.headers['cache-control']]).toEqual(['br', 'Origin, Accept-Encoding', 'no-store'])
    expect(brotliDecompressSync(brEn.body).toString()).toBe(plainEn.body.toString())
    expect(brotliDecompressSync(brEs.body).toString()).toBe(plainEs.body.toString())
    expect(brEnAgain.body).toEqual(brEn.body)
    expect(brEn.headers.etag).toBe(`${String(plainEn.headers.etag).slice(0, -1)}-br"`)
    expect(brEs.headers.etag).not.toBe(brEn.headers.etag)
    const gz = await raw(en, { 'Accept-Encoding': 'gzip' })
    expect(gunzipSync(gz.body).toString()).toBe(plainEn.body.toString())
  })

  it('tags no reply built for its caller', async () => {
    const r = await raw(`${endpoints.gameList.path.replace('gameList', 'nothing')}`, { 'Accept-Encoding': 'br' })
    expect(r.headers.etag).toBeUndefined()
    const status = await raw('/wps/system/status', { 'Accept-Encoding': 'br' })
    expect([status.status, status.headers.etag]).toEqual([200, undefined])
  })
})
