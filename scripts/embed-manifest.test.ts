import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { declarations, readElements } from './embed-manifest.ts'

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
