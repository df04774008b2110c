/**
 * How many entries of a build reach a module through static imports: what Rolldown's `minShareCount`
 * of a code-splitting group compares, for a group that needs it for some modules and not others
 * (astro.config.mjs: the core chunk). An entry is a module the build starts from (an island, the
 * renderer, a page script) or one something imports dynamically (it loads as a chunk of its own).
 *
 * A barrel the build leaves out (scripts/side-effects.ts) passes on only the importers that take a
 * name it re-exports from the module counted, as the bundler links such an import to the module that
 * declares the name.
 * @module
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { moduleSideEffects } from './side-effects.ts'

/** What Rolldown's chunking context gives a group's `name` function. */
export interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[] } | null
}

const sources = new Map<string, string>()
const source = (id: string): string => {
  let text = sources.get(id)
  if (text === undefined) {
    try {
      text = readFileSync(id.split('?')[0], 'utf8')
    } catch {
      text = ''
    }
    sources.set(id, text)
  }
  return text
}
const target = (from: string, spec: string): string => resolve(dirname(from.split('?')[0]), spec)
const clean = (id: string): string => id.split('?')[0]

/** `{ a, b as c, type D }` → [[a, a], [b, c]] (value names only: name in the source module, name here). */
function bindings(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [from, as] = part.split(/\s+as\s+/)
      return [from.trim(), (as ?? from).trim()]
    })
}

/**
 * The names `importer` takes from `module` (by `module`'s export names), or `'all'` for a namespace
 * import or `export *`. Empty when it takes none (types only).
 */
function namesTaken(importer: string, module: string): Set<string> | 'all' {
  const names = new Set<string>()
  const text = source(importer)
  for (const m of text.matchAll(/(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g)) {
    if (m[2] || !m[4].startsWith('.') || target(importer, m[4]) !== clean(module)) continue
    const clause = m[3]
    if (/\*/.test(clause)) return 'all'
    const braces = /\{([^}]*)\}/.exec(clause)
    if (braces) for (const [from] of bindings(braces[1])) names.add(from)
    const def = /^(?:import\s+)?([\w$]+)\s*(,|$)/.exec(clause)
    if (m[1] === 'import' && def) names.add('default')
  }
  return names
}

/** The value names a module exports (declarations, lists, and what its own `export *` lines pass on). */
function exportsOf(module: string, depth = 0): Set<string> {
  const names = new Set<string>()
  const text = source(module)
  for (const m of text.matchAll(/export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class)\s+([\w$]+)/g)) names.add(m[1])
  for (const m of text.matchAll(/export\s+(type\s+)?\{([^}]*)\}/g)) if (!m[1]) for (const [, as] of bindings(m[2])) names.add(as)
  if (/export\s+default\b/.test(text)) names.add('default')
  if (depth < 8) for (const m of text.matchAll(/export\s+\*\s+from\s*['"]([^'"]+)['"]/g)) for (const n of exportsOf(target(module, m[1]), depth + 1)) names.add(n)
  return names
}

/** What a barrel exports of `module`'s names in `names` ('all': every name), by the barrel's names. */
function passedOn(barrel: string, module: string, names: Set<string> | 'all'): Set<string> | 'all' {
  const out = new Set<string>()
  for (const m of source(barrel).matchAll(/export\s+(type\s+)?(\*|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/g)) {
    if (m[1] || target(barrel, m[3]) !== clean(module)) continue
    if (m[2] === '*') {
      for (const n of names === 'all' ? exportsOf(module) : names) out.add(n)
      continue
    }
    for (const [from, as] of bindings(m[2].slice(1, -1))) if (names === 'all' || names.has(from)) out.add(as)
  }
  return out
}

const meets = (a: Set<string> | 'all', b: Set<string> | 'all'): boolean =>
  a === 'all' || b === 'all' ? (a === 'all' ? b === 'all' || b.size > 0 : a.size > 0) : [...a].some((n) => b.has(n))

/** The number of entries whose static imports (followed to the end) use `id`, `id` itself counted when it is one. */
export function shareCount(id: string, graph: ModuleGraph): number {
  const counted = new Set<string>()
  const seen = new Set<string>()
  // Each step: a module reached, and (for a barrel) which of its names lead to `id`.
  const queue: [string, Set<string> | 'all'][] = [[id, 'all']]
  while (queue.length) {
    const [current, names] = queue.pop() as [string, Set<string> | 'all']
    const key = `${current}\n${names === 'all' ? '*' : [...names].sort().join(',')}`
    if (seen.has(key)) continue
    seen.add(key)
    const info = graph.getModuleInfo(current)
    if (!info) continue
    if (info.isEntry || info.dynamicImporters.length > 0) counted.add(current)
    const barrel = moduleSideEffects(current) === false
    for (const importer of info.importers) {
      // Through a barrel, only an importer that takes one of the names leading to `id` uses it.
      if (barrel && !meets(namesTaken(importer, current), names)) continue
      // A barrel importer passes on what it re-exports of the names that lead here; any other importer uses the module itself.
      queue.push([importer, moduleSideEffects(importer) === false ? passedOn(importer, current, barrel ? names : 'all') : 'all'])
    }
  }
  return counted.size
}
