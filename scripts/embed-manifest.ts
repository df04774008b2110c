/**
 * Generates `custom-elements.json` and `lobbykit.d.ts` from the element sources
 * (`widgets/embed/*.element.ts` and their base class): the JSDoc tags `@summary`, `@attr`, `@event`,
 * `@csspart` and `@cssproperty`. Never written by hand; `scripts/build-embed.ts` runs this.
 * @module
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

const dir = 'widgets/embed'

/** One documented item (attribute, event, part or property). */
export interface Item {
  name: string
  description: string
}

/** What the manifest says about one element. */
export interface ElementDoc {
  className: string
  tagName: string
  module: string
  summary: string
  description: string
  attributes: Item[]
  events: Item[]
  cssParts: Item[]
  cssProperties: Item[]
  /** The message namespaces it shows (its `namespaces`), its base class's when it declares none. */
  namespaces?: string[]
  base?: string
}

const text = (comment: string | ts.NodeArray<ts.JSDocComment> | undefined): string => (typeof comment === 'string' ? comment : (comment ?? []).map((c) => c.text).join('')).trim()

function item(tag: ts.JSDocTag): Item {
  const body = text(tag.comment)
  const m = /^(\S+)\s*(?:-\s*)?([\s\S]*)$/.exec(body)
  return { name: m?.[1] ?? body, description: (m?.[2] ?? '').replace(/\s+/g, ' ').trim() }
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()

/** The string literals of a `namespaces = [...] as const` initializer; undefined when the class declares none. */
function namespacesIn(node: ts.ClassDeclaration): string[] | undefined {
  for (const member of node.members) {
    if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name) || member.name.text !== 'namespaces' || !member.initializer) continue
    let value: ts.Expression = member.initializer
    while (ts.isAsExpression(value) || ts.isParenthesizedExpression(value)) value = value.expression
    if (!ts.isArrayLiteralExpression(value)) throw new Error(`${node.name?.text}: namespaces must be a list of string literals`)
    return value.elements.map((e) => {
      if (!ts.isStringLiteral(e)) throw new Error(`${node.name?.text}: namespaces must be a list of string literals`)
      return e.text
    })
  }
  return undefined
}

/** Reads every exported element class of `file`. */
function classesOf(file: string): ElementDoc[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const out: ElementDoc[] = []
  source.forEachChild((node) => {
    if (!ts.isClassDeclaration(node) || !node.name) return
    const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc)
    const tags = docs.flatMap((d) => d.tags ?? [])
    const pick = (name: string) => tags.filter((t) => t.tagName.text === name).map(item)
    const base = node.heritageClauses?.[0]?.types[0]?.expression.getText(source)
    out.push({
      className: node.name.text,
      tagName: kebab(node.name.text),
      module: file,
      summary: tags
        .filter((t) => t.tagName.text === 'summary')
        .map((t) => text(t.comment))
        .join(' '),
      description: docs
        .map((d) => text(d.comment))
        .join('\n')
        .replace(/\s+/g, ' ')
        .trim(),
      attributes: pick('attr'),
      events: pick('event'),
      cssParts: pick('csspart'),
      cssProperties: pick('cssproperty'),
      namespaces: namespacesIn(node),
      base,
    })
  })
  return out
}

/** Every element with its base class's common attributes, events, parts and properties merged in. */
export function readElements(): ElementDoc[] {
  const bases = new Map([...classesOf(join(dir, 'element.ts')), ...classesOf(join(dir, 'frame-host.ts'))].map((c) => [c.className, c]))
  bases.set('ReactHostElement', { ...bases.get('LobbykitElement')!, className: 'ReactHostElement' })
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.element.ts'))
    .sort()
  const merge = (own: Item[], common: Item[]) => [...common, ...own.filter((o) => !common.some((c) => c.name === o.name))]
  // Each element gets what its base classes document, up the chain (FrameElement → LobbykitElement).
  const withBases = (el: ElementDoc): ElementDoc => {
    const base = el.base && el.base !== el.className ? bases.get(el.base) : undefined
    if (!base) return el
    const full = withBases(base)
    return {
      ...el,
      namespaces: el.namespaces ?? full.namespaces,
      attributes: merge(el.attributes, full.attributes),
      events: merge(el.events, full.events),
      cssParts: merge(el.cssParts, full.cssParts),
      cssProperties: merge(el.cssProperties, full.cssProperties),
    }
  }
  return files.flatMap((f) => classesOf(join(dir, f))).map(withBases)
}

/**
 * The loader's per-tag tables as a module's source (the embed build serves it as `virtual:lk-elements`,
 * see widgets/embed/elements.d.ts): every tag, the attributes each observes, the message namespaces
 * each shows and how its code loads. `root` is the repository's absolute path, ending in `/`.
 */
export function elementTable(elements: ElementDoc[], root: string): string {
  const byTag = (value: (el: ElementDoc) => string) => `{\n${elements.map((el) => `  ${JSON.stringify(el.tagName)}: ${value(el)},`).join('\n')}\n}`
  // The attributes every element observes, written once (the base class's).
  const names = (el: ElementDoc) => el.attributes.map((a) => a.name)
  const common = elements.length ? names(elements[0]).filter((name) => elements.every((el) => names(el).includes(name))) : []
  const attributes = (el: ElementDoc) => {
    const own = names(el).filter((name) => !common.includes(name))
    return own.length ? `[...common, ${own.map((name) => JSON.stringify(name)).join(', ')}]` : 'common'
  }
  return [
    '// Generated by scripts/embed-manifest.ts from widgets/embed: do not edit.',
    `export const tags = ${JSON.stringify(elements.map((el) => el.tagName))}`,
    `const common = ${JSON.stringify(common)}`,
    `export const observedAttributes = ${byTag(attributes)}`,
    `export const namespacesOf = ${byTag((el) => JSON.stringify(el.namespaces ?? []))}`,
    `export const loaders = ${byTag((el) => `() => import(${JSON.stringify(root + el.module)}).then((m) => m.${el.className})`)}`,
    '',
  ].join('\n')
}

/** The custom elements manifest (schema 2.1.0). */
export function manifest(elements: ElementDoc[]): object {
  return {
    schemaVersion: '2.1.0',
    modules: elements.map((el) => ({
      kind: 'javascript-module',
      path: el.module,
      declarations: [
        {
          kind: 'class',
          name: el.className,
          tagName: el.tagName,
          customElement: true,
          summary: el.summary,
          description: el.description,
          attributes: el.attributes.map((a) => ({ name: a.name, description: a.description, type: { text: 'string' } })),
          events: el.events.map((e) => ({ name: e.name, description: e.description, type: { text: 'CustomEvent' } })),
          cssParts: el.cssParts,
          cssProperties: el.cssProperties,
        },
      ],
      exports: [{ kind: 'custom-element-definition', name: el.tagName, declaration: { name: el.className, module: el.module } }],
    })),
  }
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

/** `lobbykit.d.ts`: the event types (declarations of `events.ts`) and one interface per element. */
export function declarations(elements: ElementDoc[]): string {
  const events = ts.transpileDeclaration(readFileSync(join(dir, 'events.ts'), 'utf8'), { fileName: 'events.ts', reportDiagnostics: false }).outputText
  const lines = [
    '// Generated by scripts/embed-manifest.ts from widgets/embed: do not edit.',
    events.replace(/\/\*\*(?:(?!\*\/)[\s\S])*\*\/\s*export declare function emit[^;]*;\s*/, ''),
    '',
  ]
  for (const el of elements) {
    lines.push(`/** ${el.summary || el.description} */`, `export interface ${el.className}Element extends HTMLElement {`)
    // `lang` is HTMLElement's own property already.
    for (const a of el.attributes.filter((a) => a.name !== 'lang')) lines.push(`  /** ${a.description} (attribute \`${a.name}\`) */`, `  ${JSON.stringify(camel(a.name))}?: string`)
    lines.push('}')
  }
  const tagNames = elements.map((el) => `'${el.tagName}'`).join(' | ')
  lines.push(
    '/** What a `Lobbykit` command resolves with: it never throws into the page. */',
    'export type LobbykitResult<T> = { data: T } | { error: { code: string; message: string } }',
    "/** Page-wide defaults of every element (`config`): each element's own attribute wins. */",
    'export interface LobbykitDefaults {',
    '  /** Brand origin (default: the origin the loader came from). */',
    '  platform?: string',
    "  lang?: 'en' | 'es' | 'cn' | 'vi'",
    "  theme?: 'light' | 'dark' | 'auto'",
    '  affiliateCode?: string',
    '}',
    `/** A Lobbykit element's tag. */`,
    `export type LobbykitTag = ${tagNames}`,
    "/** A command queued before the loader has run: `Lobbykit.q.push(['config', { … }])`. */",
    "export type LobbykitCommand = ['config', LobbykitDefaults] | ['load', LobbykitTag]",
    '/** `window.Lobbykit`: the command queue, then (once the loader has run) the commands themselves. */',
    'export interface LobbykitGlobal {',
    '  q: LobbykitCommand[] | { push(...commands: LobbykitCommand[]): number }',
    "  /** The loaded bundle's version. */",
    '  version?: string',
    '  /** Sets the page-wide defaults. */',
    '  config?(defaults: LobbykitDefaults): LobbykitResult<LobbykitDefaults>',
    '  /** Loads and defines an element now (e.g. before inserting one). */',
    '  load?(tag: LobbykitTag): Promise<LobbykitResult<CustomElementConstructor>>',
    '}',
    '/** The attributes of an element in JSX: its own as strings, the `lk:` events as `on…` handlers where a framework maps them. */',
    'type LobbykitJsx<E> = Partial<Omit<E, keyof HTMLElement>> & { class?: string; className?: string; id?: string; slot?: string; style?: unknown; lang?: string; children?: unknown; ref?: unknown; key?: string | number }',
    'declare global {',
    '  interface Window {',
    '    Lobbykit: LobbykitGlobal',
    '  }',
    '  interface HTMLElementTagNameMap {',
    ...elements.map((el) => `    '${el.tagName}': ${el.className}Element`),
    '  }',
    '  /** JSX runtimes that read the global namespace (Preact, Solid, older React types). */',
    '  namespace JSX {',
    '    interface IntrinsicElements {',
    ...elements.map((el) => `      '${el.tagName}': LobbykitJsx<${el.className}Element> & Record<\`${'${string}'}-${'${string}'}\`, string | undefined>`),
    '    }',
    '  }',
    '}',
    '/** React 18 and 19 (`React.JSX`): the same elements. */',
    "declare module 'react' {",
    '  namespace JSX {',
    '    interface IntrinsicElements {',
    ...elements.map((el) => `      '${el.tagName}': LobbykitJsx<${el.className}Element> & Record<\`${'${string}'}-${'${string}'}\`, string | undefined>`),
    '    }',
    '  }',
    '}',
    '',
  )
  return lines.join('\n')
}
