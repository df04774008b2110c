import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { declarations, elementTable, readElements } from './embed-manifest.ts'

describe('lobbykit.d.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lk-dts-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  /** Type-checks `source` (a React partner's file) beside the generated declarations. */
  function check(source: string): string[] {
    writeFileSync(join(dir, 'lobbykit.d.ts'), declarations(readElements()))
    writeFileSync(join(dir, 'use.tsx'), source)
    const program = ts.createProgram([join(dir, 'use.tsx')], {
      strict: true,
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.dom.d.ts', 'lib.es2022.d.ts'],
      noEmit: true,
      allowImportingTsExtensions: true,
      typeRoots: [resolve('node_modules/@types')],
      types: ['react'],
    })
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  }

  it('types window.Lobbykit, the elements, their events and their JSX for a React partner', () => {
    const errors = check(`import type {} from './lobbykit.d.ts'
window.Lobbykit ||= { q: [] }
const q = window.Lobbykit.q
if (Array.isArray(q)) q.push(['config', { affiliateCode: 'AG01INVITE', theme: 'auto' }], ['load', 'lk-games'])
document.querySelector('lk-games')?.addEventListener('lk:launch', (e) => console.log(e.detail.nodeId.length))
export const App = () => <lk-games game-type="RNG" page-size="6" affiliate-code="AG01INVITE" />
`)
    expect(errors).toEqual([])
  })

  it('refuses a command, theme or element that does not exist', () => {
    const errors = check(`import type {} from './lobbykit.d.ts'
const q = window.Lobbykit.q
if (Array.isArray(q)) q.push(['config', { theme: 'pink' }], ['load', 'lk-nope'])
export const App = () => <lk-gamez />
`)
    expect(errors.length).toBeGreaterThanOrEqual(2)
    expect(errors.join('\n')).toMatch(/lk-gamez/)
  })
})

describe("the loader's tables", () => {
  const dir = mkdtempSync(join(tmpdir(), 'lk-tables-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  /** The generated module, loaded as the embed build serves it. */
  async function tables() {
    const file = join(dir, 'elements.mjs')
    writeFileSync(file, elementTable(readElements(), `${resolve('.')}/`))
    return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      tags: string[]
      observedAttributes: Record<string, string[]>
      namespacesOf: Record<string, string[]>
      loaders: Record<string, unknown>
    }
  }

  it('list every element with the attributes its class and base classes document', async () => {
    const { tags, observedAttributes, loaders } = await tables()
    expect([...tags].sort()).toEqual(['lk-games', 'lk-jackpot', 'lk-lobby', 'lk-login', 'lk-lottery', 'lk-promotions', 'lk-register', 'lk-winners'])
    expect(Object.keys(loaders).sort()).toEqual([...tags].sort())
    const common = ['platform', 'lang', 'theme', 'affiliate-code', 'sub-id']
    expect([...observedAttributes['lk-jackpot']].sort()).toEqual([...common].sort())
    expect([...observedAttributes['lk-games']].sort()).toEqual([...common, 'game-type', 'vendor', 'page-size'].sort())
    expect([...observedAttributes['lk-lottery']].sort()).toEqual([...common, 'game-code', 'vendor', 'play-type', 'view', 'page-size'].sort())
  })

  it("give each element the namespaces its class declares, else its base class's", async () => {
    const { namespacesOf } = await tables()
    expect(namespacesOf['lk-jackpot']).toEqual(['common', 'shell'])
    expect(namespacesOf['lk-lottery']).toEqual(['common', 'lottery', 'embed'])
    // Declared by FrameElement only.
    expect(namespacesOf['lk-register']).toEqual(['common', 'embed'])
    expect(namespacesOf['lk-login']).toEqual(['common', 'embed'])
  })

  it('load each element from its own module', () => {
    for (const element of readElements()) {
      expect(existsSync(element.module), element.tagName).toBe(true)
      expect(elementTable([element], '/repo/')).toContain(`import("/repo/${element.module}").then((m) => m.${element.className})`)
    }
  })
})
