/**
 * Vite/Rolldown plugin of the site and embed builds: valibot's one-file build (`dist/index.mjs`)
 * becomes one module per top-level declaration, so each of its functions lands in the chunk of the
 * code that uses it.
 *
 * A bundler puts a module in one chunk. valibot is one module, reached by the schemas every page
 * loads, so it sat whole in the core chunk, and every valibot function any code used went with it:
 * `variant`, `email`, `check`, `omit`, `tuple`… which only the forms, the reward pages and the
 * protection rooms use (all loaded on demand) were in every page's first load. Split, a function
 * only on-demand code calls loads with that code.
 *
 * The file is a bundle itself: its locals that clash with a top-level name were renamed
 * (`message$1`), so a bare identifier that names a top-level declaration refers to it. A declaration
 * becomes a module that imports the declarations it names from theirs; the top-level `let` stores
 * (the global config and messages, assigned by their setters) stay in one module with every
 * declaration that names them, and a top-level value whose initializer names another declaration
 * stays with it (no evaluation order across modules). The package's `index.mjs` is replaced by
 * `export … from` lines, so the package's own `sideEffects: false` lets the unused ones go.
 * @module
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join as joinPath } from 'node:path'
import { parseAst } from 'vite'

/** A node of the ESTree AST `parseAst` returns (only what is read here). */
type AstNode = { type: string; start: number; end: number; [key: string]: unknown }

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string'

/**
 * Names `node` refers to (identifiers in expression position): not property keys, member names or
 * labels. With `skipFunctions`, what nested functions refer to is left out (only what runs at once).
 */
export function referencedNames(node: unknown, into = new Set<string>(), skipFunctions = false): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) referencedNames(child, into, skipFunctions)
    return into
  }
  if (!isNode(node)) return into
  if (node.type === 'Identifier') {
    into.add(node.name as string)
    return into
  }
  if (skipFunctions && /Function|ClassBody/.test(node.type)) return into
  for (const [key, child] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end' || key === 'range' || key === 'loc') continue
    if (
      (key === 'key' && (node.type === 'Property' || node.type === 'MethodDefinition' || node.type === 'PropertyDefinition') && !node.computed) ||
      (key === 'label' && /Statement$/.test(node.type))
    )
      continue
    if (key === 'property' && node.type === 'MemberExpression' && !node.computed) continue
    referencedNames(child, into, skipFunctions)
  }
  return into
}

/** Names assigned to anywhere in `node` (`x = …`, `x ??= …`, `x++`): the top-level stores. */
function assignedNames(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) assignedNames(child, into)
    return into
  }
  if (!isNode(node)) return into
  const target = node.type === 'AssignmentExpression' ? node.left : node.type === 'UpdateExpression' ? node.argument : undefined
  if (isNode(target) && target.type === 'Identifier') into.add(target.name as string)
  for (const [key, child] of Object.entries(node)) if (key !== 'type') assignedNames(child, into)
  return into
}

/** Names a top-level statement declares. */
function declaredNames(statement: AstNode): string[] {
  if (statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') return [(statement.id as AstNode & { name: string }).name]
  if (statement.type === 'VariableDeclaration') return (statement.declarations as AstNode[]).map((d) => (d.id as AstNode & { name: string }).name)
  return []
}

/** The split of one bundled ES module: its modules' code by group name, and the facade. */
export interface Split {
  /** Code of each piece, by its name (the first name it declares). */
  pieces: Map<string, string>
  /** `export { … } from` lines replacing the original module, in its export order. */
  facade: string
}

/**
 * Splits the source of a bundled ES module (top-level declarations and one `export { … }` list, no
 * imports) into pieces; `pieceId(name)` is how the pieces import each other.
 */
export function splitModule(source: string, pieceId: (name: string) => string): Split {
  const program = parseAst(source) as unknown as { body: AstNode[] }
  const owner = new Map<string, number>()
  const statements: { node: AstNode; names: string[]; from: number }[] = []
  let exported: { local: string; exported: string }[] = []
  let previousEnd = 0
  for (const node of program.body) {
    const from = previousEnd
    previousEnd = node.end
    if (node.type === 'ExportNamedDeclaration' && !node.declaration && !node.source) {
      exported = (node.specifiers as AstNode[]).map((s) => ({ local: (s.local as { name: string }).name, exported: (s.exported as { name: string }).name }))
      continue
    }
    const names = declaredNames(node)
    if (!names.length || node.type === 'ImportDeclaration') throw new Error(`split-valibot: unexpected top-level ${node.type}`)
    for (const name of names) owner.set(name, statements.length)
    statements.push({ node, names, from })
  }

  // Groups (union-find over statements): a `let` with whatever names it; a value with what its initializer runs.
  const parent = statements.map((_, i) => i)
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])))
  const join = (a: number, b: number) => void (parent[find(a)] = find(b))
  const lets = assignedNames(program.body)
  const refs = statements.map((s) => [...referencedNames(s.node)].filter((n) => owner.has(n) && !s.names.includes(n)))
  statements.forEach((s, i) => {
    for (const name of refs[i]) if (lets.has(name)) join(i, owner.get(name)!)
    if (s.node.type !== 'FunctionDeclaration')
      for (const name of referencedNames(s.node, new Set(), true)) if (owner.has(name) && !s.names.includes(name)) join(i, owner.get(name)!)
  })

  const groups = new Map<number, number[]>()
  for (let i = 0; i < statements.length; i++) groups.set(find(i), [...(groups.get(find(i)) ?? []), i])
  const groupName = (root: number) => statements[groups.get(root)![0]].names[0]
  const pieces = new Map<string, string>()
  for (const [root, members] of groups) {
    const own = new Set(members.flatMap((i) => statements[i].names))
    const imports = new Map<number, Set<string>>()
    for (const i of members)
      for (const name of refs[i]) {
        if (own.has(name)) continue
        const from = find(owner.get(name)!)
        imports.set(from, (imports.get(from) ?? new Set()).add(name))
      }
    const lines = [...imports].map(([from, names]) => `import { ${[...names].join(', ')} } from ${JSON.stringify(pieceId(groupName(from)))};`)
    // From the end of the statement before: its comments, with the `@__NO_SIDE_EFFECTS__` notes tree shaking reads.
    for (const i of members) lines.push(source.slice(statements[i].from, statements[i].node.end))
    lines.push(`export { ${[...own].join(', ')} };`)
    pieces.set(groupName(root), lines.join('\n'))
  }
  const facade = exported
    .map(({ local, exported: name }) => `export { ${local === name ? local : `${local} as ${name}`} } from ${JSON.stringify(pieceId(groupName(find(owner.get(local)!))))};`)
    .join('\n')
  return { pieces, facade }
}

/** The plugin: `valibot` (its `dist/index.mjs`) as one module per declaration. */
export function splitValibot() {
  const entry = fileURLToPath(import.meta.resolve('valibot')).replaceAll('\\', '/')
  // Inside the package's folder, so the package's `sideEffects` and the builds' tests on `/node_modules/valibot/` apply.
  const prefix = joinPath(dirname(entry), 'split').replaceAll('\\', '/')
  let split: Split | undefined
  const get = (): Split => (split ??= splitModule(readFileSync(entry, 'utf8'), (name) => `${prefix}/${name}.mjs`))
  return {
    name: 'lobbykit:split-valibot',
    enforce: 'pre' as const,
    resolveId(source: string): string | null {
      return source.startsWith(`${prefix}/`) ? source : null
    },
    load(id: string): string | null {
      const path = id.split('?')[0].replaceAll('\\', '/')
      if (path === entry) return get().facade
      if (path.startsWith(`${prefix}/`)) return get().pieces.get(path.slice(prefix.length + 1, -'.mjs'.length)) ?? null
      return null
    },
  }
}
