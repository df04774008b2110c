/**
 * `npm run build` (first step): builds the embed (widgets/embed/vite.config.ts) into dist/embed/v1,
 * adds the generated `custom-elements.json` and `lobbykit.d.ts`, copies it all to
 * dist/embed/<package version> (the immutable channel) and writes dist/embed/embed.json with the
 * version and the loader's SRI hash for the partner page and snippet.
 * @module
 */
import { createHash } from 'node:crypto'
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'
import { declarations, manifest, readElements } from './embed-manifest.ts'

const out = 'dist/embed'
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }

await build({ configFile: 'widgets/embed/vite.config.ts' })
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
const elements = readElements()
writeFileSync(join(out, 'v1', 'custom-elements.json'), JSON.stringify(manifest(elements), null, 2) + '\n')
writeFileSync(join(out, 'v1', 'lobbykit.d.ts'), declarations(elements))
rmSync(join(out, version), { recursive: true, force: true })
cpSync(join(out, 'v1'), join(out, version), { recursive: true })
const loader = readFileSync(join(out, 'v1', 'lobbykit.js'))
const integrity = `sha384-${createHash('sha384').update(loader).digest('base64')}`
writeFileSync(join(out, 'embed.json'), JSON.stringify({ version, integrity, elements: elements.map((e) => e.tagName) }, null, 2) + '\n')
console.log(`embed ${version}: ${elements.length} elements, loader ${loader.length} bytes, ${integrity}`)
