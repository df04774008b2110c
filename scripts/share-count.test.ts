import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type ModuleGraph, shareCount } from './share-count.ts'

// A little tree under an `sdk/` folder (scripts/side-effects.ts judges only sdk/ and widgets/ modules).
const dir = join(mkdtempSync(join(tmpdir(), 'lk-share-')), 'sdk')
mkdirSync(dir)
const files: Record<string, string> = {
  'a.ts': 'export const a = 1\nexport const a2 = 2\n',
  'b.ts': 'export const b = 2\n',
  'barrel.ts': "export { a } from './a.ts'\nexport { b as bee } from './b.ts'\n",
  'all.ts': "export * from './a.ts'\n",
  'one.tsx': "import { a } from './barrel.ts'\nconsole.log(a)\n",
  'two.tsx': "import { bee } from './barrel.ts'\nconsole.log(bee)\n",
  'three.tsx': "import { a2 } from './all.ts'\nimport { b } from './b.ts'\nconsole.log(a2, b)\n",
  'four.tsx': "import { a } from './a.ts'\nconsole.log(a)\n",
}
for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
const id = (name: string) => join(dir, name)
const importers: Record<string, string[]> = {
  'a.ts': ['barrel.ts', 'all.ts', 'four.tsx'],
  'b.ts': ['barrel.ts', 'three.tsx'],
  'barrel.ts': ['one.tsx', 'two.tsx'],
  'all.ts': ['three.tsx'],
}
const entries = new Set(['one.tsx', 'two.tsx', 'three.tsx', 'four.tsx'])
const graph: ModuleGraph = {
  getModuleInfo: (full) => {
    const name = full.slice(dir.length + 1)
    return { isEntry: entries.has(name), importers: (importers[name] ?? []).map(id), dynamicImporters: [] }
  },
}

describe('shareCount', () => {
  it('counts the entries that use a module, through a barrel only those that take one of its names', () => {
    // one.tsx takes a through the barrel, three.tsx a2 through `export *`, four.tsx a directly; two.tsx takes only b.
    expect(shareCount(id('a.ts'), graph)).toBe(3)
    // two.tsx takes b renamed by the barrel, three.tsx imports it directly; one.tsx takes only a.
    expect(shareCount(id('b.ts'), graph)).toBe(2)
  })

  it('counts an entry itself', () => {
    expect(shareCount(id('one.tsx'), graph)).toBe(1)
  })
})
