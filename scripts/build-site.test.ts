import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../sandbox/host.ts'
import { buildAndSwitch, buildsDirOf, carriedFile, type SiteBuilder } from './build-site.ts'

const quiet = () => undefined

/**
 * A builder writing `files` one at a time, as a slow real build does: after each file it waits for
 * `between` (the readers of the site to have looked at it once more; by default it goes straight on).
 */
const slowBuild =
  (files: Record<string, string>, ok = true, between: () => Promise<void> = async () => {}): SiteBuilder =>
  async (outDir) => {
    for (const [name, body] of Object.entries(files)) {
      await mkdir(dirname(join(outDir, name)), { recursive: true })
      await writeFile(join(outDir, name), body)
      await between()
    }
    return ok
  }

const site = (v: string, asset: string) => ({
  'index.html': `<h1>${v}</h1>`,
  'help/index.html': `<h1>help ${v}</h1>`,
  '404.html': `<h1>missing ${v}</h1>`,
  [`_astro/${asset}`]: `console.log('${v}')`,
})

// One site rebuilt step by step (each test starts from the build the last one left): never shuffled.
describe('rebuilding under a running site', { shuffle: false }, () => {
  let dir: string
  let target: string
  let server: RunningServer

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lk-build-'))
    target = join(dir, 'site')
    expect(await buildAndSwitch(target, slowBuild(site('v1', 'a1.js')), quiet)).toBe(true)
    // API calls would go to a platform; only the static site matters here.
    server = await startServer({ port: 0, staticDir: target, platformUrl: 'http://127.0.0.1:9' })
  })
  afterAll(async () => {
    await server?.close()
    await rm(dir, { recursive: true, force: true })
  })

  /**
   * Fetches `paths` in rounds while the build `start` makes runs, the build writing its next file only
   * after a round has read the site (its `between`); returns every answer seen.
   */
  async function pollWhile(start: (between: () => Promise<void>) => Promise<boolean>, paths: string[]) {
    const seen: { path: string; status: number; body: string }[] = []
    let waiting: (() => void)[] = []
    const nextRound = () => new Promise<void>((resolve) => waiting.push(resolve))
    let done = false
    const result = start(nextRound).finally(() => (done = true))
    while (!done) {
      for (const path of paths) {
        const r = await fetch(`${server.url}${path}`)
        seen.push({ path, status: r.status, body: await r.text() })
      }
      const rounds = waiting
      waiting = []
      for (const resolve of rounds) resolve()
    }
    return { ok: await result, seen }
  }

  it('serves the old site, never a 404, until the new build is complete, then the new one', async () => {
    const { ok, seen } = await pollWhile((between) => buildAndSwitch(target, slowBuild(site('v2', 'b2.js'), true, between), quiet), ['/', '/help', '/_astro/a1.js'])
    expect(ok).toBe(true)
    expect(seen.length).toBeGreaterThan(6)
    expect(seen.filter((s) => s.status !== 200)).toEqual([])
    // Never a half-built mix: each page is the old or the new one, and the old one until the end.
    expect(seen.every((s) => /v1|v2/.test(s.body))).toBe(true)
    expect(seen.slice(0, 3).every((s) => s.body.includes('v1'))).toBe(true)

    expect(await (await fetch(`${server.url}/`)).text()).toContain('v2')
    expect(await (await fetch(`${server.url}/help`)).text()).toContain('help v2')
    // A page loaded from v1 a moment ago still finds its script; the new build has its own.
    expect((await fetch(`${server.url}/_astro/a1.js`)).status).toBe(200)
    expect((await fetch(`${server.url}/_astro/b2.js`)).status).toBe(200)
  })

  it('leaves the old site serving when a build fails', async () => {
    const { ok, seen } = await pollWhile((between) => buildAndSwitch(target, slowBuild({ 'index.html': '<h1>broken</h1>' }, false, between), quiet), ['/', '/help'])
    expect(ok).toBe(false)
    expect(seen.filter((s) => s.status !== 200 || !s.body.includes('v2'))).toEqual([])
    expect(await (await fetch(`${server.url}/`)).text()).toContain('v2')
    // Nothing of the failed build is left behind.
    expect(readdirSync(buildsDirOf(target))).toHaveLength(2)
  })

  it('keeps one build back and carries only its own assets', async () => {
    expect(await buildAndSwitch(target, slowBuild(site('v3', 'c3.js')), quiet)).toBe(true)
    expect(readdirSync(buildsDirOf(target))).toHaveLength(2)
    expect((await fetch(`${server.url}/_astro/b2.js`)).status).toBe(200)
    expect((await fetch(`${server.url}/_astro/a1.js`)).status).toBe(404)
    expect(readFileSync(join(target, carriedFile), 'utf8').trim()).toBe('b2.js')
  })

  it('takes over a site built in place by an older version', async () => {
    const legacy = join(dir, 'legacy')
    await mkdir(join(legacy, '_astro'), { recursive: true })
    await writeFile(join(legacy, 'index.html'), 'old')
    await writeFile(join(legacy, '_astro', 'old.js'), 'old')
    expect(await buildAndSwitch(legacy, slowBuild(site('v4', 'd4.js')), quiet)).toBe(true)
    expect(readFileSync(join(legacy, 'index.html'), 'utf8')).toContain('v4')
    expect(existsSync(join(legacy, '_astro', 'old.js'))).toBe(true)
  })
})
