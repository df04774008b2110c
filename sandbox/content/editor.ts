/**
 * The editors' web interface at `/admin/content` (development and the editor's journey only): Decap
 * CMS from our own origin (node_modules/decap-cms-app/dist, never a CDN, never in the site's bundles),
 * React for it as globals, our page script (sandbox/content/admin-client.js: the preview in the real
 * page, the translation status) and the endpoint at `POST /sandbox/content`.
 * @module
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Hono } from 'hono'
import { contentTimeZone } from '../../sdk/contract/zone.ts'
import { contentEndpoint } from './endpoint.ts'
import { decapConfig, previewPages } from './decap-config.ts'

/** Where the editor edits: the repository whose `site/content` it writes. */
export interface ContentEditorOptions {
  repoRoot: string
  /** Host names it answers besides the loopback ones (`HOST` of `npm run dev`). */
  hosts?: readonly string[]
}

/** The path of the endpoint (under `/sandbox`, which the dev server already forwards to the sandbox). */
export const contentEndpointPath = '/sandbox/content'
/** The path of the editor's page. */
export const contentEditorPath = '/admin/content'

const here = dirname(fileURLToPath(import.meta.url))
const decapDist = dirname(createRequire(import.meta.url).resolve('decap-cms-app/dist/decap-cms-app.js'))

const types: Record<string, string> = { js: 'text/javascript; charset=utf-8', wasm: 'application/wasm', map: 'application/json', txt: 'text/plain; charset=utf-8' }

/**
 * React and ReactDOM as the globals Decap's bundle expects, built once from node_modules. Its bundle
 * carries its own react-dom 19.2 renderer, which refuses any other React version: our React 19 is
 * presented to it as that version (the 19.x renderer reads the same internals).
 */
let vendor: Promise<string> | undefined
async function reactGlobals(): Promise<string> {
  const { build } = await import('esbuild')
  const out = await build({
    stdin: {
      contents: "import * as React from 'react'; import * as ReactDOM from 'react-dom'; window.React = { ...React, version: '19.2.0' }; window.ReactDOM = ReactDOM",
      resolveDir: here,
    },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  return out.outputFiles[0].text
}

const page = (base: string, config: unknown) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Lobbykit · content editor</title>
<script src="${base}/react.js"></script>
<script src="${base}/decap/decap-cms-app.js"></script>
</head>
<body>
<script type="application/json" id="lk-cms">${JSON.stringify(config).replaceAll('<', '\\u003c')}</script>
<script type="module" src="${base}/admin.js"></script>
</body>
</html>`

const noStore = { 'Cache-Control': 'no-store' }

/** The editor's page served at `base`, talking to `endpoint`. */
export const editorPage = (base: string, endpoint: string): Response => {
  const decap = decapConfig(contentTimeZone)
  return new Response(page(base, { decap, endpoint, pages: previewPages, languages: decap.i18n.locales }), {
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...noStore },
  })
}

/** One of the editor page's files (`react.js`, `admin.js`, `decap/<file>`), or null when there is none by that name. */
export async function editorFile(name: string): Promise<Response | null> {
  if (name === 'react.js') {
    vendor ??= reactGlobals()
    return new Response(await vendor, { headers: { 'Content-Type': types.js, ...noStore } })
  }
  if (name === 'admin.js') return new Response(await readFile(join(here, 'admin-client.js'), 'utf8'), { headers: { 'Content-Type': types.js, ...noStore } })
  const file = name.startsWith('decap/') ? name.slice('decap/'.length) : ''
  const type = types[file.slice(file.lastIndexOf('.') + 1)]
  if (!/^[\w-]+(\.[\w-]+)*$/.test(file) || !type) return null
  const bytes = await readFile(join(decapDist, file)).catch(() => null)
  if (!bytes) return null
  return new Response(bytes, { headers: { 'Content-Type': type, 'Cache-Control': 'private, max-age=3600' } })
}

/** Mounts the editor's page, its files and its endpoint on `app`. */
export function mountContentEditor(app: Hono, opts: ContentEditorOptions): void {
  const endpoint = contentEndpoint({ repoRoot: opts.repoRoot, hosts: ['localhost', '127.0.0.1', '[::1]', ...(opts.hosts ?? [])] })
  app.post(contentEndpointPath, (c) => endpoint(c.req.raw))
  app.get(contentEditorPath, () => editorPage(contentEditorPath, contentEndpointPath))
  app.get(`${contentEditorPath}/`, (c) => c.redirect(contentEditorPath))
  app.get(`${contentEditorPath}/*`, async (c) => (await editorFile(c.req.path.slice(contentEditorPath.length + 1))) ?? c.notFound())
}
