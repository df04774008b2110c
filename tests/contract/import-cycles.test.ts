import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No module of the project imports itself back through others: a cycle makes load order decide
 * what is defined (an `undefined` at import time in one entry point and not another), and it is
 * the first sign of two rooms leaning on each other. Type-only and dynamic imports load nothing at
 * import time, so they do not count.
 */

const roots = ['sdk', 'sandbox', 'widgets', 'site', 'scripts', 'tests']
const repo = resolve(import.meta.dirname, '../..')

function sourceFiles(): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.tsx?$/.test(entry.name)) out.push(relative(repo, full))
    }
  }
  for (const root of roots) if (existsSync(join(repo, root))) walk(join(repo, root))
  return out
}

/** Static, value-carrying relative imports and re-exports of each file. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  const statement = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm
  for (const file of files) {
    const text = readFileSync(join(repo, file), 'utf8')
    const deps = [...text.matchAll(statement)].map((m) => relative(repo, resolve(repo, dirname(file), m[1]))).filter((dep) => known.has(dep))
    graph.set(file, deps)
  }
  return graph
}

function cyclesOf(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const found: string[] = []
  const visit = (node: string) => {
    state.set(node, 'open')
    stack.push(node)
    for (const dep of graph.get(node) ?? []) {
      if (state.get(dep) === 'open') found.push([...stack.slice(stack.indexOf(dep)), dep].join(' → '))
      else if (!state.has(dep)) visit(dep)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
  return found
}

describe('imports', () => {
  it('form no cycle anywhere in the project', () => {
    const files = sourceFiles()
    expect(files.length).toBeGreaterThan(100)
    expect(cyclesOf(importGraph(files))).toEqual([])
  })

  it('are read the way the check needs: a cycle made on purpose is found', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ])
    expect(cyclesOf(graph)).toEqual(['a.ts → b.ts → c.ts → a.ts'])
  })
})
