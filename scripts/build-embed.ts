/**
 * `npm run build` (first step): builds the embed (widgets/embed/vite.config.ts) into dist/embed/v1,
 * adds the generated `custom-elements.json` and `lobbykit.d.ts`, copies it all to
 * dist/embed/<package version> (the immutable channel) and writes dist/embed/embed.json with the
 * version and the loader's SRI hash for the partner page and snippet. Before that it builds the
 * server's first paint (widgets/embed/server.tsx, Vite SSR) into dist/embed-server/render.js, which the
 * brand's host loads (outside dist/embed: never served), and writes each first-painted element's
 * stylesheet beside the chunks for the loader.
 * @module
 */
import { createHash } from 'node:crypto'
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Rolldown } from 'vite'
import config, { adoptedCssOnly, firstPaint, split } from '../widgets/embed/vite.config.ts'
import { adoptedCss } from '../widgets/embed/adopted-css.ts'
import { declarations, manifest, readElements } from './embed-manifest.ts'
import { precompress } from '../sandbox/static/precompress.ts'

const out = 'dist/embed'
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }

/** The chunks `file` loads before it runs (itself and its static imports), by file name. */
function closure(chunks: Map<string, Rolldown.OutputChunk>, file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into
  into.add(file)
  for (const next of chunks.get(file)?.imports ?? []) closure(chunks, next, into)
  return into
}

/** The licence of each package under node_modules that `moduleIds` come from: name, version, licence, and its licence file. */
function licences(moduleIds: string[]): string {
  const packages = new Map<string, string>()
  for (const id of moduleIds) {
    const m = /^(.*[\\/]node_modules[\\/])((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id.replace(/^\0/, ''))
    if (m) packages.set(m[2].replace(/\\/g, '/'), m[1] + m[2])
  }
  return [...packages]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, dir]) => {
      const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string; license?: string }
      const file = readdirSync(dir).find((f) => /^licen[cs]e(\.|$)/i.test(f))
      const text = file ? readFileSync(join(dir, file), 'utf8').trim() : `${meta.license ?? 'see the package'}`
      return `${name} ${meta.version} (${meta.license ?? 'unknown'})\n\n${text}\n`
    })
    .join('\n---\n\n')
}

// The server's first paint: one self-contained ES module for Node (React's server renderer inside).
const serverOut = 'dist/embed-server'
await build({
  root: config.root,
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  define: config.define,
  plugins: [adoptedCss(), adoptedCssOnly],
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'widgets/embed/server.tsx',
    outDir: serverOut,
    emptyOutDir: true,
    target: 'node22',
    // Smaller to load (the host imports it on the first render; a test runner's transform reads it whole).
    minify: true,
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'render.js', codeSplitting: false } },
  },
})
const server = (await import(pathToFileURL(resolve(serverOut, 'render.js')).href)) as typeof import('../widgets/embed/server.tsx')
const firstPaintFiles = new Map<string, string>()
for (const tag of server.firstPaintTags) {
  const css = server.stylesOf(tag)
  // Named by content: elements with the same stylesheet share one file (and one download).
  const file = `chunks/first-paint-${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`
  firstPaintFiles.set(file, css)
  firstPaint.css[tag] = file
}

// First pass (not written): which modules lk-jackpot (the non-React element), lk-games (the first
// React element) and the frame pages load before they run; the second pass cuts the shared chunks
// along them (see `split`).
const [first] = (await build({ ...config, configFile: false, build: { ...config.build, write: false } })) as Rolldown.RolldownOutput[]
const chunks = new Map(first.output.filter((c): c is Rolldown.OutputChunk => c.type === 'chunk').map((c) => [c.fileName, c]))
const elementChunk = (name: string) => [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(`/widgets/embed/${name}.element.ts`))!.fileName
const modulesOf = (files: Iterable<string>) => [...files].flatMap((f) => Object.keys(chunks.get(f)!.modules))
const jackpot = closure(chunks, elementChunk('jackpot'))
const games = closure(chunks, elementChunk('games'))
const frame = closure(chunks, 'frame.js')
for (const entry of [elementChunk('jackpot'), elementChunk('games'), 'frame.js']) {
  jackpot.delete(entry)
  games.delete(entry)
  frame.delete(entry)
}
split.core = new Set(modulesOf([...jackpot].filter((f) => games.has(f))))
split.react = new Set(modulesOf([...games].filter((f) => !jackpot.has(f) && frame.has(f))))
split.games = new Set(modulesOf([...games].filter((f) => !jackpot.has(f) && !frame.has(f))))
const [built] = (await build({ ...config, configFile: false })) as Rolldown.RolldownOutput[]
// The bundled libraries' licences, which the chunks no longer carry as comments (the loader names this file).
writeFileSync(join(out, 'v1', 'licenses.txt'), licences(built.output.flatMap((c) => (c.type === 'chunk' ? Object.keys(c.modules) : []))))
// The brand-hosted frame pages: no inline script or style, so they run under a strict CSP too.
mkdirSync(join(out, 'v1', 'frame'), { recursive: true })
for (const kind of ['register', 'login', 'handoff']) {
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Lobbykit</title>
<script type="module" src="../frame.js"></script>
</head>
<body>
<main id="lk-frame" data-kind="${kind}"></main>
</body>
</html>
`
  writeFileSync(join(out, 'v1', 'frame', `${kind}.html`), page)
}
for (const [file, css] of firstPaintFiles) writeFileSync(join(out, 'v1', file), css)
const elements = readElements()
writeFileSync(join(out, 'v1', 'custom-elements.json'), JSON.stringify(manifest(elements), null, 2) + '\n')
writeFileSync(join(out, 'v1', 'lobbykit.d.ts'), declarations(elements))
rmSync(join(out, version), { recursive: true, force: true })
cpSync(join(out, 'v1'), join(out, version), { recursive: true })
const loader = readFileSync(join(out, 'v1', 'lobbykit.js'))
const integrity = `sha384-${createHash('sha384').update(loader).digest('base64')}`
writeFileSync(join(out, 'embed.json'), JSON.stringify({ version, integrity, elements: elements.map((e) => e.tagName) }, null, 2) + '\n')
// The `.br` and `.gz` copies the host serves (sandbox/static/files.ts).
await precompress(out)
console.log(`embed ${version}: ${elements.length} elements, loader ${loader.length} bytes, ${integrity}`)
