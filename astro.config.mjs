import { defineConfig } from 'astro/config'
import react from '@astrojs/react'

// The sandbox (or PLATFORM_URL) answers the API on the same origin; in `npm run dev` Vite proxies to it.
const api = process.env.LOBBYKIT_API ?? 'http://127.0.0.1:4322'

/**
 * Stylesheets are inlined into the pages and Astro deletes the CSS files it inlined, but the preload
 * lists Vite wrote for dynamic imports (`__vite__mapDeps`) still name them: the first component loaded
 * with `import()` would fetch a missing stylesheet and fail. This drops those names from the lists.
 */
const dropInlinedCssPreloads = {
  name: 'lobbykit:drop-inlined-css-preloads',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      const written = new Set(Object.keys(bundle))
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const table = /m\.f=(\[[^\]]*\])/.exec(chunk.code)?.[1]
        if (!table) continue
        const gone = new Set(JSON.parse(table).flatMap((dep, i) => (dep.endsWith('.css') && !written.has(dep.replace(/^\//, '')) ? [i] : [])))
        if (gone.size === 0) continue
        chunk.code = chunk.code.replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (_call, list) => `__vite__mapDeps([${list.split(',').filter((i) => !gone.has(Number(i))).join(',')}])`)
      }
    },
  },
}

/**
 * SPEC §2 takes `/rng/:games` in any case (`/rng/PVP`), but the build writes one lower-case page per
 * type. `npm start` maps the case in its host; this does the same for the dev server.
 */
const gamesRouteAnyCase = {
  name: 'lobbykit:games-route-any-case',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const [path, query] = (req.url ?? '').split(/\?(.*)/s)
      const m = /^((?:\/[a-z]{2})?\/rng\/)([^/]+)(\/?)$/.exec(path)
      if (m && m[2] !== m[2].toLowerCase()) req.url = `${m[1]}${m[2].toLowerCase()}${m[3]}${query ? `?${query}` : ''}`
      next()
    })
  },
}

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  // LK_SITE_DIR builds elsewhere (a private build beside the shared dist/site).
  outDir: process.env.LK_SITE_DIR ?? './dist/site',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [react()],
  vite: {
    plugins: [dropInlinedCssPreloads, gamesRouteAnyCase],
    build: {
      rolldownOptions: {
        output: {
          // Left to itself the bundler makes one chunk per set of islands sharing a module: a page's
          // first load came as some twenty small files, each compressed on its own. Two groups gather
          // what the islands share; `$initial` leaves out what only on-demand code (popups, the launch
          // rules) imports, so it stays out of the first load.
          codeSplitting: {
            groups: [
              // React, nanostores, valibot and the SDK and UI hooks the islands of every page use.
              {
                name: 'core',
                tags: ['$initial'],
                minShareCount: 8,
                priority: 2,
                test: /\/sdk\/|\/widgets\/ui\/|\/node_modules\/(react|nanostores|@nanostores\/react|valibot)\//,
              },
              // What the game pages share: the game list, cards, lazy images, paging. The launch rules
              // (`sdk/games/launch.ts`) load on the first card opened and stay out.
              { name: 'lobby', tags: ['$initial'], minShareCount: 2, priority: 1, test: /\/sdk\/games\/(?!launch)|\/widgets\/lobby\// },
            ],
          },
        },
      },
    },
    server: {
      proxy: Object.fromEntries(['/wps', '/lgw', '/lotto', '/sandbox'].map((p) => [p, { target: api, changeOrigin: false }])),
    },
  },
})
