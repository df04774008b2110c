import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as valibot from 'valibot'
import { describe, expect, it } from 'vitest'
import { referencedNames, splitModule } from './split-valibot.ts'
import { parseAst } from 'vite'

const id = (name: string) => `./${name}.mjs`
const exportsOf = (code: string) => [...code.matchAll(/export \{ ([^}]*) \}/g)].flatMap((m) => m[1].split(', ').map((n) => n.split(' as ').at(-1)!))
const importsOf = (code: string) => [...code.matchAll(/import \{ ([^}]*) \} from "\.\/([^"]+)\.mjs"/g)].map((m) => ({ names: m[1].split(', '), from: m[2] }))

describe('splitModule', () => {
  const source = `let store;
const DEFAULTS = { lang: "en" };
/* @__NO_SIDE_EFFECTS__ */
function setConfig(config$1) { store = { ...store, ...config$1 }; }
function getConfig() { return store ?? DEFAULTS; }
const LIMIT = DEFAULTS.lang.length;
function message(value) { return { message: value, lang: getConfig().lang }; }
function unused() { return message(1).message; }
export { getConfig, message as msg, setConfig, unused, LIMIT };
`
  const split = splitModule(source, id)

  it('keeps a store with everything that names it, and a value with what its initializer reads', () => {
    const store = [...split.pieces.values()].find((code) => code.includes('let store'))!
    expect(exportsOf(store).sort()).toEqual(['getConfig', 'setConfig', 'store'])
    const limit = [...split.pieces.values()].find((code) => code.includes('const LIMIT'))!
    expect(exportsOf(limit).sort()).toEqual(['DEFAULTS', 'LIMIT'])
  })

  it('gives every other declaration a module that imports what it names, with its pure notes', () => {
    const message = split.pieces.get('message')!
    expect(importsOf(message)).toEqual([{ names: ['getConfig'], from: 'store' }])
    // A property named like a declaration is no reference to it.
    expect(importsOf(split.pieces.get('unused')!)).toEqual([{ names: ['message'], from: 'message' }])
    expect([...split.pieces.values()].join('\n')).toContain('/* @__NO_SIDE_EFFECTS__ */\nfunction setConfig')
  })

  it('re-exports the original names from the pieces', () => {
    expect(split.facade).toContain('export { message as msg } from "./message.mjs";')
    expect(split.facade).toContain('export { LIMIT } from "./DEFAULTS.mjs";')
  })

  it('splits valibot into pieces that import only what another piece exports, and re-exports all of it', () => {
    const entry = fileURLToPath(import.meta.resolve('valibot'))
    const { pieces, facade } = splitModule(readFileSync(entry, 'utf8'), id)
    expect(pieces.size).toBeGreaterThan(200)
    for (const [name, code] of pieces)
      for (const { names, from } of importsOf(code)) {
        expect(pieces.has(from), `${name} imports from ${from}`).toBe(true)
        for (const imported of names) expect(exportsOf(pieces.get(from)!), `${name} imports ${imported}`).toContain(imported)
      }
    expect(exportsOf(facade).sort()).toEqual(Object.keys(valibot).sort())
  })
})

describe('referencedNames', () => {
  it('reads identifiers, not property keys or member names', () => {
    const program = parseAst('f({ a: b, [c]: d }, e.g, h[i])')
    expect([...referencedNames(program)].sort()).toEqual(['b', 'c', 'd', 'e', 'f', 'h', 'i'])
  })
})
