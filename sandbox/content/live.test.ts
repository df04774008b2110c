import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { newOperator, opsClient, opsKey } from '../backoffice/testkit.ts'
import { buildReason, liveContentFromEnv, liveEditorPath, liveEndpointPath, Publisher, siteBuildCommand } from './live.ts'

// The server's own content folder and built site, apart from the repository's.
const tmp = mkdtempSync(join(tmpdir(), 'lk-live-content-'))
const contentRoot = join(tmp, 'content')
const siteDir = join(tmp, 'site')
const gate = join(tmp, 'gate')
cpSync('site/content', contentRoot, { recursive: true })
mkdirSync(siteDir)
writeFileSync(join(siteDir, 'index.html'), 'the old site')
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

// A small but real build: the site build's switch (scripts/build-site.ts) around a builder that checks
// the content's dates as the site's build does (site/lib/schedule.ts) and writes one page from the
// content, printing a refusal as Astro does. While a FIFO named `gate` exists, it waits until the test writes to it.
const fakeBuild = join(tmp, 'fake-build.ts')
writeFileSync(
  fakeBuild,
  `import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildAndSwitch } from ${JSON.stringify(resolve('scripts/build-site.ts'))}
import { assertContentDates } from ${JSON.stringify(resolve('site/lib/schedule.ts'))}
if (existsSync(${JSON.stringify(gate)})) readFileSync(${JSON.stringify(gate)})
const ok = await buildAndSwitch(process.env.LK_SITE_DIR, async (out) => {
  try {
    assertContentDates(process.env.LK_CONTENT_DIR)
  } catch (err) {
    console.error(\`[ERROR] \${err.message}\`) // as Astro reports a build's error
    return false
  }
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'index.html'), readFileSync(join(process.env.LK_CONTENT_DIR, 'help/en/account.md'), 'utf8'))
  return true
}, (line) => console.log(line))
process.exit(ok ? 0 : 1)
`,
)

const limit = { bucket: 'content_editor_test', max: 30, windowMs: 60_000 }
const { sb } = sandboxForFile({
  staticDir: siteDir,
  liveContent: {
    repoRoot: process.cwd(),
    contentRoot,
    siteDir,
    limit,
    build: { command: process.execPath, args: [fakeBuild], cwd: process.cwd(), env: { LK_CONTENT_DIR: contentRoot, LK_SITE_DIR: siteDir } },
  },
})

let ips = 0
async function signedIn(role: 'owner' | 'finance' | 'support' | 'content') {
  const op = await newOperator(sb.db, role)
  const c = opsClient(sb.url, `10.78.0.${++ips}`)
  expect((await c.signIn(op)).body.success).toBe(true)
  const post = (body: unknown, type = 'application/json') =>
    fetch(`${sb.url}${liveEndpointPath}`, { method: 'POST', redirect: 'manual', headers: { Cookie: c.cookie(), 'Content-Type': type }, body: JSON.stringify(body) })
  const get = (path: string) => fetch(`${sb.url}${path}`, { redirect: 'manual', headers: { Cookie: c.cookie() } })
  return { op, c, post, get }
}

const article = (updated: string, text = 'Hello.') => `---\ntitle: A new article\norder: 9\nupdated: ${updated}\n---\n\n${text}\n`
const auditOf = (target: string) =>
  sb.db.query<{ operator: string; action: string; before: any; after: any }>('SELECT operator, action, before, after FROM operator_audit WHERE target = $1 ORDER BY id', [target])
const page = async () => (await fetch(`${sb.url}/`)).text()

describe('the live content editor', () => {
  it('is served to content operators and owners only; without a session the page sends to the back-office sign-in', async () => {
    const anonymous = await fetch(`${sb.url}${liveEditorPath}`, { redirect: 'manual' })
    expect(anonymous.status).toBe(303)
    expect(anonymous.headers.get('location')).toBe('/admin')
    expect((await fetch(`${sb.url}${liveEditorPath}/admin.js`)).status).toBe(401)
    const none = await fetch(`${sb.url}${liveEndpointPath}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"action":"info"}' })
    expect(none.status).toBe(401)

    for (const role of ['finance', 'support'] as const) {
      const { get, post, c } = await signedIn(role)
      expect((await get(liveEditorPath)).status).toBe(403)
      expect((await post({ action: 'entriesByFolder', params: { folder: 'site/content/help' } })).status).toBe(403)
      expect((await c.call('opsPublishStatus')).body.code).toBe('forbidden')
      expect((await c.call('opsPublish', { idempotencyKey: opsKey() })).body.code).toBe('forbidden')
    }
    for (const role of ['content', 'owner'] as const) {
      const { get, post } = await signedIn(role)
      const html = await get(liveEditorPath)
      expect(html.status).toBe(200)
      expect(await html.text()).toContain(`"endpoint":"${liveEndpointPath}"`)
      expect((await get(`${liveEditorPath}/admin.js`)).status).toBe(200)
      const listed = (await (await post({ action: 'entriesByFolder', params: { folder: 'site/content/help' } })).json()) as { file: { path: string } }[]
      expect(listed.map((e) => e.file.path)).toContain('site/content/help/en/account.md')
    }
  })

  it('refuses a change not sent as JSON (a cross-site form), and a signed-out session', async () => {
    const { post, c } = await signedIn('content')
    const path = 'site/content/help/en/csrf.md'
    expect((await post({ action: 'persistEntry', params: { dataFiles: [{ path, raw: article('2026-12-06') }] } }, 'text/plain')).status).toBe(415)
    expect(existsSync(join(contentRoot, 'help/en/csrf.md'))).toBe(false)
    const cookie = c.cookie()
    await c.call('opsSignOut')
    const ended = await fetch(`${sb.url}${liveEndpointPath}`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: '{"action":"info"}' })
    expect(ended.status).toBe(401)
    expect((await fetch(`${sb.url}${liveEditorPath}`, { redirect: 'manual', headers: { Cookie: cookie } })).status).toBe(303)
  })

  it('saves, uploads and deletes in CONTENT_DIR with the build’s checks, each audited by hash and size, never the text', async () => {
    const { post, op } = await signedIn('content')
    const path = 'site/content/help/en/live-article.md'
    const bad = await post({ action: 'persistEntry', params: { dataFiles: [{ path, raw: article('2026-12-32') }] } })
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { error: string }).error).toContain(`${path}: updated`)
    expect(await post({ action: 'persistEntry', params: { dataFiles: [{ path: 'site/content/../../package.json', raw: 'x' }] } }).then((r) => r.status)).toBe(403)

    const saved = await post({ action: 'persistEntry', params: { dataFiles: [{ path, raw: article('2026-12-06', 'A secret sentence.') }] } })
    expect(saved.status).toBe(200)
    expect(readFileSync(join(contentRoot, 'help/en/live-article.md'), 'utf8')).toContain('A secret sentence.')
    expect(existsSync(join('site/content/help/en/live-article.md'))).toBe(false)
    await post({ action: 'persistEntry', params: { dataFiles: [{ path, raw: article('2026-12-07', 'Another sentence.') }] } })
    await post({ action: 'deleteFile', params: { path } })
    expect(existsSync(join(contentRoot, 'help/en/live-article.md'))).toBe(false)

    const rows = await auditOf(path)
    expect(rows.map((r) => [r.operator, r.action])).toEqual([
      [op.username, 'content.save'],
      [op.username, 'content.save'],
      [op.username, 'content.delete'],
    ])
    expect(rows[0].before).toBeNull()
    expect(rows[0].after).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{12}$/), bytes: Buffer.byteLength(article('2026-12-06', 'A secret sentence.')) })
    expect(rows[1].before).toEqual(rows[0].after)
    expect(rows[2].after).toBeNull()
    expect(JSON.stringify(rows)).not.toContain('secret sentence')

    // A 1×1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
    const picture = 'site/content/promotions/images/live-card.png'
    expect((await post({ action: 'persistMedia', params: { asset: { path: picture, content: png.toString('base64'), encoding: 'base64' } } })).status).toBe(200)
    expect(readFileSync(join(contentRoot, 'promotions/images/live-card.png'))).toEqual(png)
    expect((await auditOf(picture)).map((r) => [r.action, r.after])).toEqual([['content.upload', { sha256: expect.any(String), bytes: png.byteLength }]])
  })

  it('counts calls per operator and refuses past the limit', async () => {
    const { post } = await signedIn('content')
    for (let i = 0; i < limit.max; i++) expect((await post({ action: 'info' })).status).toBe(200)
    const over = await post({ action: 'info' })
    expect(over.status).toBe(429)
    // Another operator is not held back by the first one's calls.
    expect((await (await signedIn('owner')).post({ action: 'info' })).status).toBe(200)
  })
})

describe('Publish', () => {
  it('rebuilds one at a time in the background, swaps the new site in, and says when it was done; audited', async () => {
    const { c, op, post } = await signedIn('content')
    const other = await signedIn('owner')
    expect(await page()).toBe('the old site')
    expect((await c.call('opsPublishStatus')).body.value).toEqual({ state: 'idle', editor: liveEditorPath })
    const saved = readFileSync(join(contentRoot, 'help/en/account.md'), 'utf8').replace('title: Your account', 'title: Your new account')
    expect((await post({ action: 'persistEntry', params: { dataFiles: [{ path: 'site/content/help/en/account.md', raw: saved }] } })).status).toBe(200)
    // Saved but not published: players still see the old site.
    expect(await page()).toBe('the old site')

    execFileSync('mkfifo', [gate])
    try {
      const first = await c.call('opsPublish', { idempotencyKey: opsKey() })
      expect(first.body.value).toMatchObject({ state: 'running', started: true, by: op.username })
      const second = await other.c.call('opsPublish', { idempotencyKey: opsKey() })
      expect(second.body.value).toMatchObject({ state: 'running', started: false, by: op.username })
      expect((await other.c.call('opsPublishStatus')).body.value.state).toBe('running')
      await writeFile(gate, 'go')
    } finally {
      rmSync(gate, { force: true })
    }
    await vi.waitFor(async () => expect((await c.call('opsPublishStatus')).body.value.state).toBe('done'), { timeout: 60_000, interval: 200 })
    const done = (await c.call('opsPublishStatus')).body.value
    expect(Date.parse(done.finishedAt)).toBeGreaterThanOrEqual(Date.parse(done.startedAt))
    expect(await page()).toContain('title: Your new account')

    const rows = await auditOf('site')
    expect(rows.filter((r) => r.action === 'content.publish').map((r) => r.operator)).toEqual([op.username])
  })

  it('reports a failed build with its one-line reason naming file and field, and the site keeps serving', async () => {
    const { c } = await signedIn('owner')
    const before = await page()
    // A file put on the server outside the editor (which refuses it) with an impossible date.
    writeFileSync(join(contentRoot, 'help/en/broken.md'), article('2026-12-32'))
    try {
      expect((await c.call('opsPublish', { idempotencyKey: opsKey() })).body.value.started).toBe(true)
      await vi.waitFor(async () => expect((await c.call('opsPublishStatus')).body.value.state).toBe('failed'), { timeout: 60_000, interval: 200 })
    } finally {
      rmSync(join(contentRoot, 'help/en/broken.md'))
    }
    const failed = (await c.call('opsPublishStatus')).body.value
    expect(failed.reason).toMatch(/^site\/content\/help\/en\/broken\.md: updated: there is no day 32/)
    expect(failed.reason).not.toContain('\n')
    expect(await page()).toBe(before)
  })

  it('runs the site build npm run build runs, on CONTENT_DIR, into the served site', () => {
    const live = liveContentFromEnv({ CONTENT_DIR: '/srv/content' }, '/srv/lobbykit', 'dist/site')
    expect(live).toEqual({ repoRoot: '/srv/lobbykit', contentRoot: '/srv/content', siteDir: '/srv/lobbykit/dist/site' })
    expect(liveContentFromEnv({}, '/srv/lobbykit', 'dist/site').contentRoot).toBe('/srv/lobbykit/site/content')
    const command = siteBuildCommand(live)
    expect(command).toEqual({
      command: process.execPath,
      args: ['/srv/lobbykit/scripts/build-site.ts'],
      cwd: '/srv/lobbykit',
      env: { LK_CONTENT_DIR: '/srv/content', LK_SITE_DIR: '/srv/lobbykit/dist/site' },
    })
    // The same script `npm run build` runs for the site, and the variables the build reads.
    expect(JSON.parse(readFileSync('package.json', 'utf8')).scripts.build).toContain('node scripts/build-site.ts')
    expect(readFileSync('site/lib/content-checks.ts', 'utf8')).toContain('process.env.LK_CONTENT_DIR')
    expect(readFileSync('scripts/build-site.ts', 'utf8')).toContain('process.env.LK_SITE_DIR')
  })

  it('says when the server has no site sources to build from (the runtime image)', async () => {
    const publisher = new Publisher(siteBuildCommand({ repoRoot: join(tmp, 'no-checkout'), contentRoot, siteDir }), Date.now)
    expect(publisher.start('someone')).toBe(true)
    await publisher.settled()
    expect(publisher.status).toMatchObject({ state: 'failed', reason: expect.stringContaining('no-checkout/scripts/build-site.ts is missing') })
    // and says it again on the next press.
    expect(publisher.start('someone')).toBe(true)
    expect(publisher.status.state).toBe('failed')
  })

  it('takes the build’s one line from its output', () => {
    expect(buildReason('\u001b[31m[ERROR]\u001b[39m Content dates must be ISO:\nsite/content/promotions/en/x.md: starts: 06/12/2026 is not an ISO date\n    at x\n')).toBe(
      'site/content/promotions/en/x.md: starts: 06/12/2026 is not an ISO date',
    )
    expect(buildReason('building\nerror: out of memory\ncleanup\n')).toBe('error: out of memory')
    // What the site's build (Astro) printed for an impossible date in a CONTENT_DIR outside the checkout.
    const astro = [
      '\u001b[31m[GenerateContentTypesError]\u001b[39m `astro sync` command failed to generate content collection types: Content dates must be 2026-12-06 or 2026-12-06 10:00:',
      '../../../srv/content/help/en/broken.md: updated: there is no day 32 in 2026-12.',
      '  \u001b[1mHint:\u001b[22m',
      '    at syncContentCollections (file:///srv/lobbykit/node_modules/astro/dist/core/sync/index.js:256:11)',
      'The build failed.',
    ].join('\n')
    expect(buildReason(astro, { cwd: '/a/b/lobbykit', contentRoot: '/srv/content' })).toBe('site/content/help/en/broken.md: updated: there is no day 32 in 2026-12.')
  })
})
