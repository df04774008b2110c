import realDestr from 'destr'
import * as ufo from 'ufo'
import { describe, expect, it } from 'vitest'
import destr, { withBase, withQuery } from './ofetch-deps.ts'

// The builds give ofetch these instead of ufo and destr: for what the transport sends they must answer the same.
describe('ofetch-deps', () => {
  it('puts a path on a base as ufo does', () => {
    const cases: [string, string][] = [
      ['/wps/system/status', ''],
      ['/wps/system/status', '/'],
      ['/wps/system/status', 'https://api.example.com'],
      ['/wps/system/status', 'https://api.example.com/'],
      ['/wps/system/status', 'https://api.example.com/platform/'],
      ['wps/system/status', 'https://api.example.com'],
      ['https://other.example.com/x', 'https://api.example.com'],
      ['https://api.example.com/wps/member/info', 'https://api.example.com'],
    ]
    for (const [input, base] of cases) expect(withBase(input, base), `${base} + ${input}`).toBe(ufo.withBase(input, base))
  })

  // ufo leaves `=` and `?` in a value unescaped where URLSearchParams escapes them: the same query once decoded.
  const meaning = (url: string) => {
    const u = new URL(url, 'http://page.test')
    return { origin: u.origin, path: u.pathname, query: [...u.searchParams], hash: u.hash }
  }

  it("adds a flat query that reads as ufo's does", () => {
    const cases: [string, Record<string, unknown>][] = [
      ['/wps/relay/GCSGAME_gameList', { gameType: 'RNG', page: '1', pageSize: '24' }],
      ['https://api.example.com/wps/relay/GCSGAME_gameList', { name: 'Fortune Tiger', vendor: 'PG & co' }],
      ['/lotto/list?lang=en', { lang: 'es', tag: 'hot' }],
      ['/wps/x', { text: 'ñandú 你好 a+b=c/d?' }],
      ['/wps/x', { skipped: undefined, kept: '0' }],
      ['/wps/x', {}],
      ['/wps/x#top', { a: '1' }],
    ]
    for (const [input, query] of cases) expect(meaning(withQuery(input, query)), input).toEqual(meaning(ufo.withQuery(input, query as ufo.QueryObject)))
  })

  it('reads JSON as destr does, and leaves other text as it is', () => {
    for (const text of ['{"a":1}', '[1,2]', '12', 'plain text', '']) expect(destr(text)).toEqual(realDestr(text))
  })
})
