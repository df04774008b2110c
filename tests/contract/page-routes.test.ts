import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pageHref, pageOf, pages } from '../../sdk/pages/index.ts'
import { publicRoutes } from '../../sdk/gate/access.ts'

// The pages Astro builds, from their files (`login.astro` → `/login`, `index/index.astro` → `/index`),
// so the table and the site cannot drift apart without this failing.
const dir = 'site/pages/[...locale]'
const routeOfFile = (file: string): string | undefined => {
  const m = /^(.+)\.astro$/.exec(file)
  if (!m) return undefined
  return m[1] === 'index' ? '/' : `/${m[1]}`
}
const built = new Set(
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return routeOfFile(entry.name) ?? []
    return existsSync(join(dir, entry.name, 'index.astro')) ? [`/${entry.name}`] : []
  }),
)
// Pages no link leads to by name: the not-found page.
const unnamed = new Set(['/404'])

describe('page route table', () => {
  it.each(Object.entries(pages))('%s (%s) is a page the site builds', (_name, path) => {
    expect(built).toContain(path)
  })

  it('names every page the site builds', () => {
    const named = new Set<string>(Object.values(pages))
    expect([...built].filter((path) => !named.has(path) && !unnamed.has(path))).toEqual([])
  })

  it('builds addresses whose path is a page and whose parameters read back', () => {
    const launch = 'https://cdn.example/play?id=1&lang=en'
    const game = new URL(pageHref.game(launch), 'https://site.example')
    expect(game.pathname).toBe('/game')
    expect(game.searchParams.get('url')).toBe(launch)
    expect(pageHref.lottery()).toBe('/lottery')
    expect(pageHref.lottery({ vendor: 'VN LOTTO', playType: '' })).toBe('/lottery?vendor=VN+LOTTO')
    expect(pageHref.rng({ nodeId: 'PG-0001' })).toBe('/rng?nodeId=PG-0001')
    expect(pageHref.vendor(pages.fish, 'JILI')).toBe('/fish?vassalage=JILI')
    expect(pageHref.rngType('FISH')).toBe('/rng/fish')
    expect(existsSync(join(dir, 'rng', '[games].astro'))).toBe(true)
    expect(pageHref.promoDetail('a b')).toBe('/promoDetail?id=a+b')
    expect(pageHref.helpTerms()).toBe('/help#terms')
    expect(pageOf('COCKFIGHT')).toBe('/cockfight')
    expect(pageOf('/pointmall')).toBe('/pointMall')
    expect(pageOf('casino')).toBeUndefined()
  })

  it('keeps the login-only rule open for pages that exist (SPEC §2)', () => {
    for (const route of publicRoutes) expect(built).toContain(route)
  })
})
