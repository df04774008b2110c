import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { contentDateMistakes } from '../../site/lib/schedule.ts'
import { contentPictureMistakes } from '../../site/lib/content-checks.ts'
import { startSandbox } from '../testing.ts'
import { contentEndpoint } from './endpoint.ts'
import { statusLine, translationStatus } from './translations.ts'

/** A repository copy with the real content, in a temp folder: the endpoint writes there. */
const repo = mkdtempSync(join(tmpdir(), 'lk-content-'))
const content = join(repo, 'site/content')
afterAll(() => rmSync(repo, { recursive: true, force: true }))
beforeEach(() => {
  rmSync(content, { recursive: true, force: true })
  cpSync('site/content', content, { recursive: true })
})

const endpoint = contentEndpoint({ repoRoot: repo })
const call = async (action: string, params: Record<string, unknown>, contentType = 'application/json') => {
  const r = await endpoint(new Request('http://127.0.0.1/sandbox/content', { method: 'POST', headers: { 'Content-Type': contentType }, body: JSON.stringify({ action, params }) }))
  return { status: r.status, json: (await r.json()) as { error?: string } & Record<string, unknown> }
}
const persist = (path: string, raw: string, assets: unknown[] = []) => call('persistEntry', { dataFiles: [{ path, raw, slug: 'x' }], assets, options: {} })

/** A PNG's header for a picture of this size, padded to `bytes`: the endpoint and the build read the header. */
function png(width: number, height: number, bytes = 200): Buffer {
  const b = Buffer.alloc(Math.max(bytes, 33))
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(b)
  b.write('IHDR', 12, 'ascii')
  b.writeUInt32BE(width, 16)
  b.writeUInt32BE(height, 20)
  return b
}
const asset = (path: string, bytes: Buffer) => ({ path, content: bytes.toString('base64'), encoding: 'base64' })

const article = (updated: string) => `---\ntitle: Bonus codes\norder: 7\nupdated: ${updated}\n---\n\nEnter a **bonus code** on the deposit page.\n`

describe('the editor endpoint stays inside site/content', () => {
  it('refuses paths that climb out, are absolute, or are no entry or picture, and writes nothing', async () => {
    writeFileSync(join(repo, 'package.json'), 'untouched')
    for (const path of [
      'site/content/../../package.json',
      '/etc/passwd',
      'site/content/help/en/../../../../package.json',
      'site/pages/help.md',
      'site/content/help/en/x.js',
      'site/content/help/en/sub/x.md',
      'site/content\\help\\en\\x.md',
    ]) {
      const read = await call('getEntry', { path })
      expect(read.status, path).toBe(403)
      const write = await persist(path, article('2026-12-06'))
      expect(write.status, path).toBe(403)
      expect((await call('deleteFile', { path })).status, path).toBe(403)
    }
    expect((await call('persistMedia', { asset: asset('site/content/promotions/images/../../../../package.json', png(10, 10)) })).status).toBe(403)
    expect((await call('persistMedia', { asset: asset('site/content/promotions/images/x.svg', Buffer.from('<svg onload="alert(1)"/>')) })).status).toBe(403)
    expect((await call('getMedia', { mediaFolder: 'site' })).status).toBe(403)
    expect(readFileSync(join(repo, 'package.json'), 'utf8')).toBe('untouched')
  })

  it('takes JSON bodies only, so a form posted from another site cannot write', async () => {
    const r = await call('persistEntry', { dataFiles: [{ path: 'site/content/help/en/x.md', raw: article('2026-12-06') }] }, 'text/plain')
    expect(r.status).toBe(415)
    expect(existsSync(join(content, 'help/en/x.md'))).toBe(false)
  })

  it('answers only requests addressed to this machine by name (a rebound foreign name is refused)', async () => {
    const post = (host: string) =>
      endpoint(
        new Request('http://127.0.0.1/sandbox/content', { method: 'POST', headers: { 'Content-Type': 'application/json', Host: host }, body: JSON.stringify({ action: 'info' }) }),
      )
    expect((await post('evil.example:4321')).status).toBe(403)
    expect((await post('127.0.0.1:4321')).status).toBe(200)
    expect((await post('localhost:4321')).status).toBe(200)
  })

  it('lists, reads, saves and deletes entries the Decap way', async () => {
    expect((await call('info', {})).json).toMatchObject({ repo: 'lobbykit', publish_modes: ['simple'], type: 'local_fs' })
    const listed = (await call('entriesByFolder', { folder: 'site/content/help', extension: 'md', depth: 2 })).json as unknown as { file: { path: string } }[]
    expect(listed.map((e) => e.file.path)).toContain('site/content/help/es/deposit.md')
    expect((await persist('site/content/help/en/bonus-codes.md', article('2026-12-06'))).status).toBe(200)
    expect((await persist('site/content/help/es/bonus-codes.md', article('2026-12-06').replace('Bonus codes', 'Códigos de bono'))).status).toBe(200)
    // Languages not written yet come with the values copied from English only: they stay absent.
    const copied = '---\norder: 7\nkind: topic\nupdated: 2026-12-06\n---\n'
    const both = await call('persistEntry', {
      dataFiles: ['en', 'cn'].map((lang) => ({ path: `site/content/help/${lang}/promo-codes.md`, raw: lang === 'en' ? article('2026-12-06') : copied })),
      assets: [],
    })
    expect(both.status).toBe(200)
    expect(existsSync(join(content, 'help/en/promo-codes.md'))).toBe(true)
    expect(existsSync(join(content, 'help/cn/promo-codes.md'))).toBe(false)
    const read = await call('getEntry', { path: 'site/content/help/es/bonus-codes.md' })
    expect(read.json.data).toContain('title: Códigos de bono')
    expect((await call('deleteFiles', { paths: ['site/content/help/en/bonus-codes.md', 'site/content/help/es/bonus-codes.md'] })).status).toBe(200)
    expect(existsSync(join(content, 'help/es/bonus-codes.md'))).toBe(false)
  })
})

describe('the editor endpoint refuses what the build refuses, with its words', () => {
  it('refuses an impossible date with the message the build gives for the same file', async () => {
    const r = await persist('site/content/help/en/bonus-codes.md', article('2026-12-32'))
    expect(r.status).toBe(422)
    expect(existsSync(join(content, 'help/en/bonus-codes.md'))).toBe(false)
    // The same file in the content makes the build say the same.
    writeFileSync(join(content, 'help/en/bonus-codes.md'), article('2026-12-32'))
    const build = contentDateMistakes(content).map((line) => line.slice(line.indexOf('help/en/bonus-codes.md')))
    expect(r.json.error).toBe(`site/content/${build[0]}`)
    expect(r.json.error).toBe('site/content/help/en/bonus-codes.md: updated: there is no day 32 in 2026-12')
    expect(
      (await persist('site/content/promotions/en/x.md', '---\ntitle: X\nsummary: Y\ntype: casino\norder: 1\nstarts: 06/12/2026\ncolour: "#112233"\n---\n')).json.error,
    ).toMatch(/starts: "06\/12\/2026" is not a date in ISO form/)
  })

  it('refuses unknown fields, values outside the allowed ones and an end before the start', async () => {
    const promo = (extra: string) =>
      `---\ntitle: Weekend reload\nsummary: 20% up to 300.00\ntype: casino\norder: 4\nstarts: 2026-12-12 10:00\ncolour: "#0f766e"\n${extra}---\n\nText.\n`
    expect((await persist('site/content/promotions/en/reload.md', promo('colur: red\n'))).json.error).toMatch(/reload\.md: .*colur/)
    expect((await persist('site/content/promotions/en/reload.md', promo('').replace('type: casino', 'type: lottery'))).json.error).toMatch(/reload\.md: type: /)
    expect((await persist('site/content/promotions/en/reload.md', promo('ends: 2026-12-11\n'))).json.error).toBe(
      'site/content/promotions/en/reload.md: ends: ends must not be before starts',
    )
    expect(existsSync(join(content, 'promotions/en/reload.md'))).toBe(false)
    expect((await persist('site/content/promotions/en/reload.md', promo('ends: 2026-12-13 23:59\n'))).status).toBe(200)
  })
})

describe('pictures keep within their field limits, in the editor and in the build', () => {
  const promo = (card: string) =>
    `---\ntitle: Weekend reload\nsummary: 20% up to 300.00\ntype: casino\norder: 4\nstarts: 2026-12-12 10:00\ncolour: "#0f766e"\ncard: ${card}\n---\n\nText.\n`

  it('refuses an upload over the collection limits and keeps one within them', async () => {
    const big = await call('persistMedia', { asset: asset('site/content/promotions/images/huge.png', png(4000, 3000)) })
    expect(big.status).toBe(422)
    expect(big.json.error).toBe('site/content/promotions/images/huge.png: the picture is 4000 × 3000 pixels: at most 2400 × 1200')
    const heavy = await call('persistMedia', { asset: asset('site/content/promotions/images/heavy.png', png(800, 600, 700_000)) })
    expect(heavy.json.error).toMatch(/the picture is 700 KB: at most 600 KB/)
    const notPicture = await call('persistMedia', { asset: asset('site/content/promotions/images/fake.png', Buffer.from('<html>')) })
    expect(notPicture.json.error).toMatch(/not a picture the site shows/)
    expect(existsSync(join(content, 'promotions/images/huge.png'))).toBe(false)
    const ok = await call('persistMedia', { asset: asset('site/content/promotions/images/card.png', png(800, 600)) })
    expect(ok.json).toMatchObject({ name: 'card.png', path: 'site/content/promotions/images/card.png', encoding: 'base64' })
    expect(((await call('getMedia', { mediaFolder: 'site/content/promotions/images' })).json as unknown as { name: string }[]).map((f) => f.name)).toEqual(['card.png'])
  })

  it("refuses an entry whose card is over the card's own limits, as the build does", async () => {
    const wide = png(2000, 800)
    const r = await persist('site/content/promotions/en/reload.md', promo('../images/wide.png'), [asset('site/content/promotions/images/wide.png', wide)])
    expect(r.json.error).toBe('site/content/promotions/en/reload.md: card: the picture is 2000 × 800 pixels: at most 1200 × 1200')
    expect(existsSync(join(content, 'promotions/images/wide.png'))).toBe(false)
    // Put there by hand (git), the build refuses it with the same words.
    mkdirSync(join(content, 'promotions/images'), { recursive: true })
    writeFileSync(join(content, 'promotions/images/wide.png'), wide)
    writeFileSync(join(content, 'promotions/en/reload.md'), promo('../images/wide.png'))
    expect(contentPictureMistakes(content)).toEqual([expect.stringMatching(/promotions\/en\/reload\.md: card: the picture is 2000 × 800 pixels: at most 1200 × 1200$/)])
    // A card within its limits, sent along with the entry, is saved with it.
    const ok = await persist('site/content/promotions/en/reload.md', promo('../images/card.png'), [asset('site/content/promotions/images/card.png', png(1200, 630))])
    expect(ok.status).toBe(200)
    expect(existsSync(join(content, 'promotions/images/card.png'))).toBe(true)
    expect((await persist('site/content/promotions/en/reload.md', promo('../../../../package.json'))).status).toBe(422)
  })
})

describe('each entry says which translations are missing or outdated', () => {
  const at = (path: string, seconds: number) => utimesSync(join(content, path), seconds, seconds)
  const listed = async () =>
    ((await call('entriesByFolder', { folder: 'site/content/help', extension: 'md', depth: 2 })).json as unknown as { data: string; file: { path: string } }[]).find(
      (e) => e.file.path === 'site/content/help/en/bonus-codes.md',
    )?.data

  it('missing, outdated (the English changed after the translation) or up to date, computed on read and never saved', async () => {
    writeFileSync(join(content, 'help/en/bonus-codes.md'), article('2026-12-06'))
    writeFileSync(join(content, 'help/es/bonus-codes.md'), article('2026-12-06').replace('Bonus codes', 'Códigos de bono'))
    writeFileSync(join(content, 'help/vi/bonus-codes.md'), article('2026-12-06').replace('Bonus codes', 'Mã thưởng'))
    at('help/es/bonus-codes.md', 1_000)
    at('help/en/bonus-codes.md', 2_000)
    at('help/vi/bonus-codes.md', 3_000)
    expect(await listed()).toContain('translations: "ES outdated, CN missing, VI up to date"')

    // The editor sends the line back on save: it is dropped, the file stays as the build wants it.
    const sent = (await listed()) as string
    expect((await persist('site/content/help/en/bonus-codes.md', sent)).status).toBe(200)
    expect(readFileSync(join(content, 'help/en/bonus-codes.md'), 'utf8')).not.toContain('translations')

    // The Spanish saved again with only the values copied from English changed (the order) stays outdated…
    at('help/en/bonus-codes.md', 2_000)
    const es = readFileSync(join(content, 'help/es/bonus-codes.md'), 'utf8')
    expect((await persist('site/content/help/es/bonus-codes.md', es.replace('order: 7', 'order: 8'))).status).toBe(200)
    expect(statSync(join(content, 'help/es/bonus-codes.md')).mtimeMs).toBe(1_000_000)
    expect(await listed()).toContain('ES outdated')
    // …and is up to date once its text is translated again.
    expect((await persist('site/content/help/es/bonus-codes.md', es.replace('Enter a', 'Escriba un'))).status).toBe(200)
    expect(await listed()).toContain('ES up to date')
  })
})

describe('in a git checkout, the translation status follows the committed texts', () => {
  it('a checkout does not make translations outdated, changing only copied values neither; changing the English text does', () => {
    const checkout = mkdtempSync(join(tmpdir(), 'lk-content-git-'))
    try {
      const git = (...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', ...args], {
          cwd: checkout,
          env: { ...process.env, GIT_COMMITTER_DATE: '2026-12-01T00:00:00Z' },
        })
      mkdirSync(join(checkout, 'site/content/help/en'), { recursive: true })
      mkdirSync(join(checkout, 'site/content/help/es'), { recursive: true })
      writeFileSync(join(checkout, 'site/content/help/en/bonus-codes.md'), article('2026-12-06'))
      writeFileSync(join(checkout, 'site/content/help/es/bonus-codes.md'), article('2026-12-06').replace('Bonus codes', 'Códigos de bono'))
      git('init', '-q')
      git('add', '.')
      git('commit', '-qm', 'help')
      // The English file is newer on disk than the Spanish one (a checkout writes them in any order).
      utimesSync(join(checkout, 'site/content/help/es/bonus-codes.md'), 1_000, 1_000)
      const status = () => statusLine(translationStatus(checkout, 'help').get('bonus-codes') ?? {})
      expect(status()).toBe('ES up to date, CN missing, VI missing')
      writeFileSync(join(checkout, 'site/content/help/en/bonus-codes.md'), article('2026-12-06').replace('order: 7', 'order: 8'))
      expect(status()).toBe('ES up to date, CN missing, VI missing')
      writeFileSync(join(checkout, 'site/content/help/en/bonus-codes.md'), article('2026-12-06').replace('Bonus codes', 'Bonus and promo codes'))
      expect(status()).toBe('ES outdated, CN missing, VI missing')
    } finally {
      rmSync(checkout, { recursive: true, force: true })
    }
  })
})

describe('the editor is a development tool', () => {
  it('is not mounted in production, and is in development', async () => {
    for (const production of [true, false]) {
      const sandbox = await startSandbox({ production, content: { repoRoot: repo } })
      try {
        const page = await fetch(`${sandbox.url}/admin/content`)
        const api = await fetch(`${sandbox.url}/sandbox/content`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'info' }) })
        if (production) {
          expect(page.status).toBe(404)
          expect(api.ok).toBe(false)
        } else {
          expect(await page.text()).toContain('/admin/content/decap/decap-cms-app.js')
          expect(await api.json()).toMatchObject({ type: 'local_fs' })
        }
      } finally {
        await sandbox.close()
      }
    }
  })
})
