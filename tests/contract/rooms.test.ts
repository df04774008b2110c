import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

// STYLE.md "The four rooms": what each folder may import.
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path)
    return /\.(ts|tsx|astro|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
const imports = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1])
const offenders = (dir: string, bad: (spec: string) => boolean) =>
  files(dir).flatMap((f) =>
    imports(f)
      .filter(bad)
      .map((spec) => `${f} → ${spec}`),
  )

describe('rooms', () => {
  it('sdk has no UI and does not reach into other rooms', () => {
    expect(offenders('sdk', (s) => /^(react|react-dom|lit|astro|@astrojs)(\/|$)/.test(s) || /(^|\/)(widgets|site|sandbox)\//.test(s))).toEqual([])
  })
  it('widgets never fetch directly and never import the sandbox', () => {
    expect(offenders('widgets', (s) => /^ofetch$/.test(s) || /(^|\/)sandbox\//.test(s) || /(^|\/)site\//.test(s))).toEqual([])
    const direct = files('widgets').filter((f) => /\bfetch\s*\(/.test(readFileSync(f, 'utf8')))
    expect(direct).toEqual([])
  })
  it('site does not import the sandbox', () => {
    expect(offenders('site', (s) => /(^|\/)sandbox\//.test(s))).toEqual([])
  })
  it('sandbox imports only the shared contract from the sdk', () => {
    expect(offenders('sandbox', (s) => /(^|\/)(widgets|site)\//.test(s) || (/(^|\/)sdk\//.test(s) && !/sdk\/contract(\/|$)/.test(s)))).toEqual([])
  })
  it('page code reads the contract through its barrel and its room, never the whole table', () => {
    // A bundler puts everything the shared chunk reaches into every page: the whole endpoint table
    // (contract/all.ts, contract/endpoints.ts) would carry every room's reply schemas there.
    const whole = (s: string) => /contract\/(all|endpoints)\.ts$/.test(s)
    // Test support (`testing/` folders) is not page code.
    const pageCode = [...files('sdk').filter((f) => !f.startsWith(join('sdk', 'contract')) && !/[/\\]testing[/\\]/.test(f)), ...files('widgets')]
    expect(
      pageCode.flatMap((f) =>
        imports(f)
          .filter(whole)
          .map((spec) => `${f} → ${spec}`),
      ),
    ).toEqual([])
    // A room's table is imported by that room's code only (sdk/<room>/api.ts and the money proof upload).
    const roomTables = pageCode.flatMap((f) =>
      imports(f)
        .map((spec) => /contract\/routes\/(\w+)\.ts$/.exec(spec)?.[1])
        .filter((room): room is string => !!room && room !== 'core' && !f.startsWith(join('sdk', room)))
        .map((room) => `${f} → ${room}`),
    )
    expect(roomTables).toEqual([])
    // The whole core table (every core route and reply schema) and what reads it by key (the runtime's
    // and the client's `api`): page code names the routes it calls, `roomApi({ balance: core.balance })`.
    const byKey = [join('sdk', 'client', 'core-client.ts'), join('sdk', 'runtime', 'core-api.ts')]
    const wholeCore = pageCode
      .filter((f) => !byKey.includes(f))
      .flatMap((f) =>
        imports(f)
          .filter((s) => /(routes\/core\/table|runtime\/core-api|client\/core-client)\.ts$/.test(s))
          .map((spec) => `${f} → ${spec}`),
      )
    expect(wholeCore).toEqual([])
  })
})
