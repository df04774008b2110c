import { createServer, type Server } from 'node:http'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from './db/index.ts'
import { gameOrigins, isShedPath, startServer, type RunningServer } from './host.ts'
import { cspDirectives as directives, pagePolicy } from './static/policy.ts'
import { precompress } from './static/precompress.ts'
import { hashSource, writeCspManifest } from '../site/integrations/csp.ts'

let dir: string
let db: Db
let host: RunningServer
const bigScript = `console.log(${JSON.stringify('lobby '.repeat(2000))})`
const headScript = "document.documentElement.dataset.theme='dark'"
const homePage = `<!doctype html><html><head><script>${headScript}</script><script type="application/json">{"a":1}</script><style>:root{--x:1}</style></head><body><h1 style="color:red">home</h1></body></html>`

async function files(root: string, tree: Record<string, string>) {
  for (const [path, body] of Object.entries(tree)) {
    await mkdir(join(root, path, '..'), { recursive: true })
    await writeFile(join(root, path), body)
  }
}

/** Raw GET without fetch's automatic decompression, to see the bytes on the wire. */
function raw(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lobbykit-host-'))
  await files(join(dir, 'site'), {
    'index.html': homePage,
    'help/index.html': '<h1>help</h1>',
    'register/index.html': '<h1>register</h1>',
    'about.html': '<h1>about file</h1>',
    '404.html': '<h1>lost</h1>',
    '_astro/app.abc123.js': bigScript,
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'es/help/index.html': '<h1>ayuda</h1>',
    'es/404.html': '<h1>perdido</h1>',
    'rng/pvp/index.html': '<h1>pvp</h1>',
    'rng/fish/index.html': '<h1>fish</h1>',
    'es/rng/pvp/index.html': '<h1>pvp es</h1>',
  })
  await files(join(dir, 'embed'), { 'v1/lobbykit.js': 'export const x = 1', 'v1/frame/login.html': '<main>frame</main>', 'v1/lobbykit.d.ts': 'export type X = 1\n' })
  await writeFile(join(dir, 'secret.txt'), 'do not serve')
  await writeCspManifest(join(dir, 'site'))
  // As `npm run build` does: the .br and .gz copies beside the text files worth compressing.
  await precompress(join(dir, 'site'))
  db = await openDb({})
  host = await startServer({ port: 0, staticDir: join(dir, 'site'), embedDir: join(dir, 'embed'), db, production: false, shed: false })
})
afterAll(async () => {
  await host?.close()
  await db?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('host', () => {
  it('serves static files with their content type', async () => {
    const home = await fetch(`${host.url}/`)
    expect(home.status).toBe(200)
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(home.headers.get('cache-control')).toBe('no-cache')
    expect(await home.text()).toBe(homePage)
    expect((await fetch(`${host.url}/logo.svg`)).headers.get('content-type')).toMatch(/^image\/svg\+xml(;|$)/)
  })

  it("serves the embed's declarations as TypeScript, readable from a partner's tooling", async () => {
    const dts = await fetch(`${host.url}/embed/v1/lobbykit.d.ts`)
    expect(dts.status).toBe(200)
    expect(dts.headers.get('content-type')).toBe('application/typescript; charset=utf-8')
    expect(await dts.text()).toBe('export type X = 1\n')
  })

  it('sends pages with a referrer policy and the unused browser features switched off', async () => {
    const r = await fetch(`${host.url}/`)
    expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(r.headers.get('permissions-policy')).toMatch(/camera=\(\), microphone=\(\), geolocation=\(\)/)
    expect(r.headers.get('permissions-policy')).not.toMatch(/fullscreen/)
  })

  it('lets only this site frame its pages, and partners (EMBED_ORIGINS) frame the embed frames alone', async () => {
    for (const path of ['/', '/help', '/no/such/page']) {
      const csp = directives((await fetch(`${host.url}${path}`)).headers.get('content-security-policy'))
      expect([path, csp['frame-ancestors'], csp['object-src'], csp['base-uri']]).toEqual([path, ["'self'"], ["'none'"], ["'self'"]])
    }
    expect((await fetch(`${host.url}/embed/v1/lobbykit.js`)).headers.get('content-security-policy')).toBeNull()
    // Development allows every partner by default (EMBED_ORIGINS unset); production lists them.
    expect(directives((await fetch(`${host.url}/embed/v1/frame/login`)).headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'self'", '*'])
    expect(directives(pagePolicy('/v1/frame/login', ['https://partner.example', 'https://b.example']))['frame-ancestors']).toEqual([
      "'self'",
      'https://partner.example',
      'https://b.example',
    ])
    expect(directives(pagePolicy('/v1/frame/login', []))['frame-ancestors']).toEqual(["'self'"])
    expect(directives(pagePolicy('/v1/other.html', ['https://partner.example']))['frame-ancestors']).toEqual(["'self'"])
  })

  it('lets a page run only its own inline scripts and styles, by the hashes the build wrote', async () => {
    const csp = directives((await fetch(`${host.url}/`)).headers.get('content-security-policy'))
    expect(csp['default-src']).toEqual(["'self'"])
    expect(csp['script-src']).toEqual(["'self'", hashSource(headScript)])
    expect(csp['style-src']).toEqual(["'self'", hashSource(':root{--x:1}')])
    expect(csp['style-src-attr']).toEqual(["'unsafe-hashes'", hashSource('color:red')])
    expect(Object.values(csp).flat()).not.toContain("'unsafe-inline'")
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'")
    // An inline script changed after the build (or injected) is not among the hashes: the browser blocks it.
    expect(csp['script-src']).not.toContain(hashSource(`${headScript};fetch('https://evil.test')`))
    expect(csp['style-src-attr']).not.toContain(hashSource('color:blue'))
    // Another page carries its own hashes only: the home page's script does not run there.
    const help = directives((await fetch(`${host.url}/help`)).headers.get('content-security-policy'))
    expect(help['script-src']).toEqual(["'self'"])
    expect(help['style-src-attr']).toEqual(["'none'"])
    // The language variant answers with its own file's hashes.
    await writeFile(join(dir, 'site', 'es/help/index.html'), '<script>ayuda()</script>')
    await writeCspManifest(join(dir, 'site'))
    const es = directives((await fetch(`${host.url}/help`, { headers: { cookie: 'lk_lang=es' } })).headers.get('content-security-policy'))
    expect(es['script-src']).toEqual(["'self'", hashSource('ayuda()')])
    await writeFile(join(dir, 'site', 'es/help/index.html'), '<h1>ayuda</h1>')
    await writeCspManifest(join(dir, 'site'))
  })

  it('allows frames and pictures from the game origins (GAME_ORIGINS) only', () => {
    expect(gameOrigins('https://cdn.example/games, javascript:alert(1), nonsense', 'http://platform.example:8080/x')).toEqual([
      'https://cdn.example',
      'http://platform.example:8080',
    ])
    const csp = directives(pagePolicy(null, [], undefined, ['https://cdn.example']))
    expect(csp['frame-src']).toEqual(["'self'", 'https://cdn.example'])
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example'])
    expect(csp['connect-src']).toEqual(["'self'"])
  })

  it('maps clean URLs to index.html', async () => {
    expect(await (await fetch(`${host.url}/help`)).text()).toBe('<h1>help</h1>')
    expect(await (await fetch(`${host.url}/help/`)).text()).toBe('<h1>help</h1>')
    expect(await (await fetch(`${host.url}/register.html`)).text()).toBe('<h1>register</h1>')
    expect(await (await fetch(`${host.url}/about.html`)).text()).toBe('<h1>about file</h1>')
  })

  it('answers unknown pages with the 404 page and status 404', async () => {
    const r = await fetch(`${host.url}/no/such/page`)
    expect(r.status).toBe(404)
    expect(await r.text()).toBe('<h1>lost</h1>')
    // Under a language's tree the 404 page is that language's, with or without the language cookie.
    for (const headers of [{}, { cookie: 'lk_lang=vi' }] as Record<string, string>[]) {
      const es = await fetch(`${host.url}/es/no/such/page`, { headers })
      expect([es.status, await es.text()]).toEqual([404, '<h1>perdido</h1>'])
    }
    expect(await (await fetch(`${host.url}/no/such/page`, { headers: { cookie: 'lk_lang=es' } })).text()).toBe('<h1>perdido</h1>')
  })

  it('answers /rng/:games whatever the case of the game type', async () => {
    expect(await (await fetch(`${host.url}/rng/PVP`)).text()).toBe('<h1>pvp</h1>')
    expect(await (await fetch(`${host.url}/rng/Fish/`)).text()).toBe('<h1>fish</h1>')
    expect(await (await fetch(`${host.url}/es/rng/PvP`)).text()).toBe('<h1>pvp es</h1>')
    expect(await (await fetch(`${host.url}/rng/PVP`, { headers: { cookie: 'lk_lang=es' } })).text()).toBe('<h1>pvp es</h1>')
    // Only the parameter: other paths and unknown types stay 404.
    expect((await fetch(`${host.url}/RNG/pvp`)).status).toBe(404)
    expect((await fetch(`${host.url}/rng/SLOTS`)).status).toBe(404)
  })

  it('never serves files outside the site', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%2fsecret.txt', '/%00', '/%E0%A4%A']) {
      const r = await raw(`${host.url}${path}`)
      expect(r.body.toString(), path).not.toContain('do not serve')
      expect(r.status).toBe(404)
    }
  })

  it('caches hashed assets forever and compresses text (brotli, gzip)', async () => {
    const br = await raw(`${host.url}/_astro/app.abc123.js`, { 'Accept-Encoding': 'gzip, br' })
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(brotliDecompressSync(br.body).toString()).toBe(bigScript)
    expect(br.body.length).toBeLessThan(bigScript.length / 5)
    const gz = await raw(`${host.url}/_astro/app.abc123.js`, { 'Accept-Encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(bigScript)
    const plain = await raw(`${host.url}/_astro/app.abc123.js`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(bigScript)
    for (const r of [br, gz, plain]) expect(r.headers.vary).toBe('Accept-Encoding')
    // A small file is sent as it is, whatever the client accepts.
    const small = await raw(`${host.url}/logo.svg`, { 'Accept-Encoding': 'br' })
    expect([small.headers['content-encoding'], small.headers.vary]).toEqual([undefined, undefined])
  })

  it('sends a file changed after the build as it is now, not its older compressed copy', async () => {
    const file = join(dir, 'site', '_astro/app.abc123.js')
    const edited = `${bigScript};console.log('patched')`
    await writeFile(file, edited)
    try {
      const r = await raw(`${host.url}/_astro/app.abc123.js`, { 'Accept-Encoding': 'br' })
      expect([r.headers['content-encoding'], r.body.toString()]).toEqual([undefined, edited])
    } finally {
      await writeFile(file, bigScript)
      await precompress(join(dir, 'site'))
    }
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await raw(`${host.url}/_astro/app.abc123.js`, { 'Accept-Encoding': 'br' })
    const head = await fetch(`${host.url}/_astro/app.abc123.js`, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } })
    expect(head.status).toBe(200)
    for (const name of ['content-type', 'content-length', 'content-encoding', 'etag', 'cache-control']) expect([name, head.headers.get(name)]).toEqual([name, get.headers[name]])
    expect(await head.text()).toBe('')
    const lost = await fetch(`${host.url}/no/such/page`, { method: 'HEAD' })
    expect([lost.status, await lost.text()]).toEqual([404, ''])
    expect((await fetch(`${host.url}/help`, { method: 'POST' })).status).toBe(405)
  })

  it('answers a revalidation with 304 when any tag sent matches, weak or strong, and the file otherwise', async () => {
    const first = await fetch(`${host.url}/_astro/app.abc123.js`)
    const tag = first.headers.get('etag')!
    expect(tag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/)
    await first.arrayBuffer()
    for (const sent of [tag, `W/"other", ${tag}`, tag.slice(2), '*']) {
      const again = await fetch(`${host.url}/_astro/app.abc123.js`, { headers: { 'If-None-Match': sent } })
      expect(again.status, sent).toBe(304)
      expect(again.headers.get('etag')).toBe(tag)
      expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await again.text()).toBe('')
    }
    const changed = await fetch(`${host.url}/_astro/app.abc123.js`, { headers: { 'If-None-Match': 'W/"0-0"' } })
    expect(changed.status).toBe(200)
    expect(await changed.text()).toBe(bigScript)
    const embed = await fetch(`${host.url}/embed/v1/lobbykit.js`)
    const embedAgain = await fetch(`${host.url}/embed/v1/lobbykit.js`, { headers: { 'If-None-Match': embed.headers.get('etag')! } })
    expect(embedAgain.status).toBe(304)
    expect(embedAgain.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('serves the language variant chosen by the lk_lang cookie', async () => {
    const es = await fetch(`${host.url}/help`, { headers: { Cookie: 'theme=dark; lk_lang=es' } })
    expect(await es.text()).toBe('<h1>ayuda</h1>')
    expect(es.headers.get('vary')).toContain('Cookie')
    // No Spanish home page: the English one answers.
    expect(await (await fetch(`${host.url}/`, { headers: { Cookie: 'lk_lang=es' } })).text()).toBe(homePage)
    expect(await (await fetch(`${host.url}/help`, { headers: { Cookie: 'lk_lang=xx' } })).text()).toBe('<h1>help</h1>')
    expect(await (await fetch(`${host.url}/es/help`)).text()).toBe('<h1>ayuda</h1>')
    const lost = await fetch(`${host.url}/nowhere`, { headers: { Cookie: 'lk_lang=es' } })
    expect(lost.status).toBe(404)
    expect(await lost.text()).toBe('<h1>perdido</h1>')
  })

  it('serves /embed with open CORS, and the site without', async () => {
    const embed = await fetch(`${host.url}/embed/v1/lobbykit.js`, { headers: { Origin: 'https://partner.example' } })
    expect(embed.status).toBe(200)
    expect(embed.headers.get('access-control-allow-origin')).toBe('*')
    expect(await embed.text()).toBe('export const x = 1')
    expect((await fetch(`${host.url}/`)).headers.get('access-control-allow-origin')).toBeNull()
    expect((await fetch(`${host.url}/embed/v1/missing.js`)).status).toBe(404)
  })

  it('routes API prefixes to the sandbox, with JSON envelopes', async () => {
    const r = await fetch(`${host.url}/wps/nothing-here`)
    expect(r.status).toBe(404)
    expect(await r.json()).toMatchObject({ success: false, code: 'not_found' })
  })

  it('sheds the API paths only, in the node listener before the app sees them', async () => {
    expect(['/wps', '/wps/x', '/wps?a=1', '/lgw/games', '/lotto/x', '/sandbox/inbox'].map(isShedPath)).toEqual([true, true, true, true, true, true])
    expect(['/', '/wpsx', '/rng/pvp', '/embed/v1/lobbykit.js', '/sandboxes'].map(isShedPath)).toEqual([false, false, false, false, false])
    // No room for any call: every API call is refused, the site is still served.
    const shedding = await startServer({ port: 0, staticDir: join(dir, 'site'), embedDir: join(dir, 'embed'), db, production: false, shed: { maxInFlight: 0 } })
    try {
      for (const path of ['/wps/nothing-here', '/sandbox/inbox']) {
        const r = await fetch(`${shedding.url}${path}`)
        expect([path, r.status, r.headers.get('retry-after')]).toEqual([path, 503, '1'])
        expect(await r.json()).toMatchObject({ success: false, code: 'busy' })
      }
      expect((await fetch(`${shedding.url}/help`)).status).toBe(200)
    } finally {
      await shedding.close()
    }
  })
})

describe('host in proxy mode', () => {
  let platform: Server
  let proxy: RunningServer
  const seen: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = []

  beforeAll(async () => {
    platform = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
        res.writeHead(201, { 'Content-Type': 'application/json', 'X-Platform': 'real' })
        res.end(JSON.stringify({ success: true, code: 'ok', message: '', value: { echoed: body } }))
      })
    })
    await new Promise<void>((r) => platform.listen(0, '127.0.0.1', r))
    const { port } = platform.address() as { port: number }
    proxy = await startServer({ port: 0, staticDir: join(dir, 'site'), platformUrl: `http://127.0.0.1:${port}` })
  })
  afterAll(async () => {
    await proxy?.close()
    await new Promise((r) => platform?.close(r))
  })

  it('forwards method, path, query, headers and body to the platform', async () => {
    const r = await fetch(`${proxy.url}/wps/member/register?x=1`, {
      method: 'PUT',
      headers: { Authorization: 'Bearer t0k', Merchant: 'ACME', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    })
    expect(r.status).toBe(201)
    expect(r.headers.get('x-platform')).toBe('real')
    expect(await r.json()).toMatchObject({ value: { echoed: '{"a":1}' } })
    const last = seen.at(-1)!
    expect(last).toMatchObject({ method: 'PUT', url: '/wps/member/register?x=1', body: '{"a":1}' })
    expect(last.headers).toMatchObject({ authorization: 'Bearer t0k', merchant: 'ACME', 'x-forwarded-for': '127.0.0.1' })
    await fetch(`${proxy.url}/lgw/games/game_menus`)
    await fetch(`${proxy.url}/lotto/lgw/games/opened/numero`)
    expect(seen.slice(-2).map((s) => s.url)).toEqual(['/lgw/games/game_menus', '/lotto/lgw/games/opened/numero'])
  })

  it('mounts no sandbox and still serves the site', async () => {
    expect(proxy.db).toBeNull()
    const before = seen.length
    expect((await fetch(`${proxy.url}/sandbox/inbox`)).status).toBe(404)
    expect(seen.length).toBe(before)
    expect(await (await fetch(`${proxy.url}/help`)).text()).toBe('<h1>help</h1>')
  })
})
