/**
 * Lines of logic of every React component in `widgets/**\/*.tsx`, largest first: what a component
 * decides rather than draws (#25: no component above ~80 lines of logic; decisions belong in stores).
 *
 * The rule, on the TypeScript syntax tree:
 * - A component is a function whose name starts with a capital letter (a function declaration, or a
 *   `const` holding an arrow or function expression, also wrapped as in `memo(…)` or `forwardRef(…)`)
 *   with JSX somewhere in its body. Test files are left out.
 * - Its lines of logic are the lines of its body that hold code outside the JSX it returns: each
 *   `return` statement of the component itself whose value contains JSX is left out whole (handlers
 *   written inline in that JSX count as drawing), and so is an arrow body that is JSX. JSX kept in a
 *   variable or returned by a nested function is logic. Blank lines, comment lines and the body's own
 *   braces do not count. A component declared inside another is measured on its own and left out of
 *   the outer one.
 *
 * `node scripts/component-logic.ts [limit] [--top N]` prints the largest components (default the ten
 * largest) and exits with 1 when one passes `limit` (default 80). `scripts/component-logic.test.ts`
 * holds the tree to that limit.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** The measure of one component. */
export interface ComponentLogic {
  /** The file, relative to the folder measured from. */
  file: string
  /** The component's name. */
  name: string
  /** The line it starts on (1-based). */
  line: number
  /** Its lines of logic (see the module's rule). */
  logic: number
}

/** The most lines of logic a component may have. */
export const logicLimit = 80

type Fn = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction

const isComponentName = (name: string | undefined): name is string => name !== undefined && /^[A-Z]/.test(name)
const isFn = (node: ts.Node): node is Fn => ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)
const isJsx = (node: ts.Node): boolean => ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)

/** Whether `node` or anything under it is JSX. */
function hasJsx(node: ts.Node): boolean {
  return isJsx(node) || ts.forEachChild(node, (child) => (hasJsx(child) ? true : undefined)) === true
}

/** The function a `const Name = …` holds: directly, or as the first function argument of a wrapper (`memo(function …)`). */
function heldFunction(init: ts.Expression | undefined): Fn | undefined {
  let node: ts.Node | undefined = init
  while (node && (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))) node = node.expression
  if (!node) return undefined
  if (isFn(node)) return node
  if (ts.isCallExpression(node)) return node.arguments.map((arg) => heldFunction(arg)).find((fn) => fn !== undefined)
  return undefined
}

/** The component `node` declares, with its name, if it declares one. */
function componentOf(node: ts.Node): { name: string; fn: Fn } | undefined {
  if (ts.isFunctionDeclaration(node) && isComponentName(node.name?.text) && node.body && hasJsx(node.body)) return { name: node.name.text, fn: node }
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isComponentName(node.name.text)) {
    const fn = heldFunction(node.initializer)
    if (fn?.body && hasJsx(fn.body)) return { name: node.name.text, fn }
  }
  return undefined
}

/** Counts the lines of logic of `fn`'s body; `skip` holds the nodes measured elsewhere (nested components). */
function countLogic(fn: Fn, source: ts.SourceFile, skip: Set<ts.Node>): number {
  const body = fn.body
  if (!body || (!ts.isBlock(body) && hasJsx(body))) return 0
  const lines = new Set<number>()
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line
  const visit = (node: ts.Node, own: boolean): void => {
    if (skip.has(node)) return
    // A return of the component itself (not of a nested function) that draws: drawing, not logic.
    if (own && ts.isReturnStatement(node) && node.expression && hasJsx(node.expression)) return
    const children = node.getChildren(source)
    if (children.length === 0) {
      if (node.kind === ts.SyntaxKind.JsxText && (node as ts.JsxText).containsOnlyTriviaWhiteSpaces) return
      if (node.kind === ts.SyntaxKind.EndOfFileToken) return
      for (let line = lineOf(node.getStart(source)); line <= lineOf(node.getEnd()); line++) lines.add(line)
      return
    }
    const nested = own && isFn(node) && node !== fn ? false : own
    for (const child of children) visit(child, nested)
  }
  if (ts.isBlock(body)) {
    for (const statement of body.statements) visit(statement, true)
  } else visit(body, true)
  return lines.size
}

/**
 * Measures the components of one source text.
 * @param file - the name reported (and whether the text is TSX, by its ending)
 */
export function measureSource(file: string, text: string): ComponentLogic[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: { name: string; fn: Fn; node: ts.Node }[] = []
  const walk = (node: ts.Node): void => {
    const component = componentOf(node)
    if (component) found.push({ ...component, node })
    ts.forEachChild(node, walk)
  }
  walk(source)
  const bodies = new Set<ts.Node>(found.map((c) => c.node))
  return found.map(({ name, fn, node }) => {
    const others = new Set([...bodies].filter((other) => other !== node))
    return { file, name, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, logic: countLogic(fn, source, others) }
  })
}

/** The `.tsx` files under `dir`, test files left out. */
function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !/\.test\.tsx$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/**
 * Measures every component in the `.tsx` files under `root`/widgets, largest first.
 * @example measureWidgets(process.cwd()).filter((c) => c.logic > logicLimit)
 */
export function measureWidgets(root: string): ComponentLogic[] {
  return tsxFiles(join(root, 'widgets'))
    .flatMap((path) => measureSource(relative(root, path), readFileSync(path, 'utf8')))
    .sort((a, b) => b.logic - a.logic || a.file.localeCompare(b.file))
}

/** `  93  widgets/member/Withdraw.tsx:120  ConfirmReceipt` */
export const formatRow = (c: ComponentLogic): string => `${String(c.logic).padStart(4)}  ${c.file}:${c.line}  ${c.name}`

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2)
  const topAt = args.indexOf('--top')
  const top = topAt >= 0 ? Number(args[topAt + 1]) : 10
  const limit = Number(args.find((arg, i) => /^\d+$/.test(arg) && i !== topAt + 1) ?? logicLimit)
  const all = measureWidgets(join(fileURLToPath(new URL('.', import.meta.url)), '..'))
  const over = all.filter((c) => c.logic > limit)
  console.log(`lines of logic per component (${all.length} components; limit ${limit})`)
  for (const c of all.slice(0, Math.max(top, over.length))) console.log(formatRow(c))
  if (over.length) {
    console.log(`${over.length} component(s) above ${limit}`)
    process.exitCode = 1
  }
}
