import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { adoptedCss } from './adopted-css.ts'
import { elementTable, readElements } from '../../scripts/embed-manifest.ts'
import { ofetchDeps } from '../../scripts/ofetch-deps.ts'
import { moduleSideEffects } from '../../scripts/side-effects.ts'
import { splitValibot } from '../../scripts/split-valibot.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }

/**
 * The islands import their CSS for the site (`import './lobby.css'`). In the embed the elements adopt
 * it from `?inline` strings into their shadow roots, so those side-effect imports become nothing:
 * no stylesheet file, no `<style>` injected into the partner's document.
 */
export const adoptedCssOnly: Plugin = {
  name: 'lobbykit:adopted-css-only',
  enforce: 'pre',
  resolveId(source, importer) {
    if (importer && /\.css$/.test(source)) return '\0lk-no-css'
    return null
  },
  load(id) {
    return id === '\0lk-no-css' ? 'export {}' : null
  },
}

/**
 * The islands' `useStore` (from `@nanostores/react`) is widgets/embed/use-store.ts in the embed, which
 * renders store changes as transitions on a partner's page; that module itself gets the library's.
 */
const transitionStores: Plugin = {
  name: 'lobbykit:transition-stores',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (source !== '@nanostores/react' || !importer || importer.endsWith('/widgets/embed/use-store.ts')) return null
    return this.resolve(`${root}widgets/embed/use-store.ts`, importer, { ...options, skipSelf: true })
  },
}

/** The elements as their classes document them: the loader's tables and the namespaces the loader asks for. */
const elements = readElements()

/** `virtual:lk-elements`: the loader's per-tag tables, generated from the element classes (widgets/embed/elements.d.ts). */
const elementTables: Plugin = {
  name: 'lobbykit:element-tables',
  resolveId: (source) => (source === 'virtual:lk-elements' ? '\0lk-elements' : null),
  load: (id) => (id === '\0lk-elements' ? elementTable(elements, root) : null),
}

/**
 * Writes into the loader (`lobbykit.js`) which chunks each element's chunk imports, so the loader
 * asks for them all at once (see `chunksOf` in loader.ts).
 */
const embedNamespaces = new Set(elements.flatMap((el) => el.namespaces ?? []))
const elementChunks: Plugin = {
  name: 'lobbykit:element-chunks',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
    const byName = new Map(chunks.map((c) => [c.fileName, c]))
    const importsOf = (file: string, into = new Set<string>()): Set<string> => {
      for (const next of byName.get(file)?.imports ?? []) if (!into.has(next)) importsOf(next, into.add(next))
      return into
    }
    const map: Record<string, string[]> = {}
    for (const c of chunks) {
      const name = /\/widgets\/embed\/(\w+)\.element\.ts$/.exec(c.facadeModuleId ?? '')?.[1]
      if (name) map[`lk-${name}`] = [...importsOf(c.fileName)].sort()
    }
    // The message catalogue and each language's namespace files, which an element asks for as soon
    // as its code runs: the loader asks for them beside the element's chunks (see `messagesOf`).
    const messages: Record<string, string> = {}
    for (const c of chunks) {
      const id = c.facadeModuleId ?? ''
      const file = /\/locales\/(\w+)\/(\w+)\.json$/.exec(id)
      if (file && embedNamespaces.has(file[2])) messages[`${file[1]}/${file[2]}`] = c.fileName.slice(0, -3)
      else if (id.endsWith('/sdk/i18n/catalog.ts')) messages.catalog = c.fileName.slice(0, -3)
    }
    const loader = byName.get('lobbykit.js')
    for (const [name, value] of [
      ['ELEMENT_CHUNKS', map],
      ['MESSAGE_CHUNKS', messages],
      ['FIRST_PAINT_CSS', firstPaint.css],
    ] as const) {
      const placeholder = new RegExp(`(["'\`])__LK_${name}__\\1`)
      if (!loader || !placeholder.test(loader.code)) throw new Error(`lobbykit.js: the __LK_${name}__ placeholder is missing`)
      // A single-quoted string of the JSON (no file name holds a quote or a backslash): no escapes to ship.
      loader.code = loader.code.replace(placeholder, `'${JSON.stringify(value)}'`)
    }
  },
}

/**
 * The stylesheet file (from the loader) of each element with a first paint, written by
 * scripts/build-embed.ts from the server bundle before this build runs; empty: no first paint.
 */
export const firstPaint = { css: {} as Record<string, string> }

/**
 * How the chunks the elements share are cut, from a first pass of the build (scripts/build-embed.ts
 * fills it): `core` holds the modules every element loads (client, contract, i18n, the Lit base and
 * the shared styles), `react` React with the other modules that both the first React element
 * (lk-games) and the frame pages load, `games` the rest of what lk-games loads (the frame pages need
 * none of it). A partner page then downloads four files for an element instead of a dozen, and gzip,
 * which compresses each file on its own, finds more to share inside each. Modules that a chunk loads
 * on demand (`import()`) stay in their own chunks. Empty: React alone, the rest as Rolldown cuts it.
 */
export const split = { core: new Set<string>(), react: new Set<string>(), games: new Set<string>() }
const reactLibrary = /\/node_modules\/(react|react-dom|scheduler)\//

/** Library build of the embed: `lobbykit.js` (the loader) and one chunk per element, into dist/embed/v1. */
export default defineConfig({
  root,
  publicDir: false,
  logLevel: 'warn',
  // React ships its development build unless told it is production.
  // __LK_EMBED__: the brand's code runs on a partner's page and keeps off its storage (sdk/storage).
  define: { 'process.env.NODE_ENV': '"production"', __LK_VERSION__: JSON.stringify(version), __LK_EMBED__: 'true' },
  plugins: [elementTables, adoptedCss(), adoptedCssOnly, transitionStores, splitValibot(), ofetchDeps, elementChunks],
  build: {
    outDir: 'dist/embed/v1',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Library builds keep whitespace in ES output (for the tree shaking of library users); this is
    // an end product loaded by browsers, so the output is minified whole.
    minify: true,
    // The loader, and the script of the brand-hosted frame pages (scripts/build-embed.ts writes them).
    lib: { entry: { lobbykit: 'widgets/embed/loader.ts', frame: 'widgets/embed/frame.ts' }, formats: ['es'], fileName: (_format, name) => `${name}.js` },
    rolldownOptions: {
      // Barrels and declaration-only modules may be left out when unused (scripts/side-effects.ts).
      treeshake: { moduleSideEffects },
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        minify: true,
        // The bundler's `@__PURE__` notes have done their work once it has tree-shaken: not shipped.
        // The libraries' licence notices go to one file beside the loader (licenses.txt, written by
        // scripts/build-embed.ts with every bundled package's licence), which the loader names,
        // instead of riding in every download of the chunks.
        comments: { legal: false, annotation: false, jsdoc: false },
        postBanner: (chunk) => (chunk.fileName === 'lobbykit.js' ? `/*! Lobbykit ${version}. Third-party licences: licenses.txt */` : ''),
        // React in a chunk of its own: the elements that are not React (lk-jackpot) never load it.
        codeSplitting: {
          groups: [
            // A group takes the modules its modules import too: `core` picks first.
            { name: 'core', priority: 3, test: (id) => split.core.has(id) },
            { name: 'react', priority: 2, test: (id) => reactLibrary.test(id) || split.react.has(id) },
            { name: 'games', priority: 1, test: (id) => split.games.has(id) },
          ],
        },
      },
    },
  },
})
