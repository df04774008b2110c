import { defineConfig } from 'astro/config'
import react from '@astrojs/react'
import { fileURLToPath } from 'node:url'
import { cspHashes } from './site/integrations/csp.ts'
import { ofetchDeps } from './scripts/ofetch-deps.ts'
import { moduleSideEffects } from './scripts/side-effects.ts'
import { shareCount } from './scripts/share-count.ts'
import { splitValibot } from './scripts/split-valibot.ts'

// The sandbox (or PLATFORM_URL) answers the API on the same origin; in `npm run dev` Vite proxies to it.
const api = process.env.LOBBYKIT_API ?? 'http://127.0.0.1:4322'

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

/** `client:paint`: hydrate after the first paint with content (site/directives/paint.ts). */
const paintDirective = {
  name: 'lobbykit:client-paint',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => addClientDirective({ name: 'paint', entrypoint: fileURLToPath(new URL('./site/directives/paint.ts', import.meta.url)) }),
  },
}

/**
 * Modules the core chunk takes when 8 entries or more share them (astro.config's `core` group). The
 * reward pages' stores (sdk/rewards, its contract) and what they share with the money pages (sdk/money,
 * the form engine and its rules, dates, idempotency keys) are used by many islands that all load on
 * demand: shared by 8 entries or more, they would otherwise land in the chunk every page loads first.
 * So do the popup frame (widgets/ui/Modal.tsx: the account, notice, service, centre and menu popups;
 * modal-core.ts, its behaviour, which the content pages' script-only notice popup shares without React),
 * the responsible-gaming stores (sdk/protect, with the quiet check only the notice, login and
 * promotion code reads, contract/breaks.ts), the registration age rule (contract/age.ts), the
 * centre lists' account key (stores/centre-lists.ts), the address a login goes back to (stores/return-to.ts: the
 * sign-in, the launch and the reward pages), `outcome` (client/outcome.ts) and the centre's
 * switch (sdk/centre/index.ts, which the phone nav imports and it hydrates when idle), and the HTML
 * sanitiser with its view (sdk/html, widgets/ui/SafeHtml.tsx: notices, promotions, the after-login popup,
 * all idle or on demand): no island a page
 * hydrates at load imports them.
 */
const coreModules =
  /\/sdk\/(?!contract\/(routes\/)?(money|agent|lottery|draw|play-types|lobby|session|rules|notices|rewards|issues|requests|account-requests|account-replies|account-fields|contact|funds)\.ts|stores\/timers\.ts|shell\/notices\.ts|rewards\/|money\/|form\/|validation\/|dates\/index\.ts|client\/idempotency\.ts|client\/outcome\.ts|contract\/(age|breaks)\.ts|protect\/|html\/|stores\/centre-lists\.ts|stores\/return-to\.ts|centre\/index\.ts)|\/widgets\/ui\/(?!Field\.tsx|form\.ts|Modal\.tsx|modal-core\.ts|SafeHtml\.tsx|Table\.tsx|LoadStates\.tsx|[\w-]+\.css)|\/node_modules\/(nanostores|@nanostores\/react|valibot(?!\/dist\/split\/(partialCheck)\.mjs))\//
/**
 * The core routes that only code loaded on demand calls: the category pages' lists, the embed, the
 * centre's figures and wallet transfers, the launch rules, the idle islands' notices, the raffle claim
 * and sign-in. They stay out of the core chunk however many entries share them.
 */
const onDemandRoutes = ['categories', 'embed', 'funds', 'launch', 'notices', 'promotions', 'sign-in'].map((name) => `/sdk/contract/routes/core/${name}.ts`)
const inCore = (id) => coreModules.test(id) && !onDemandRoutes.some((path) => id.endsWith(path))
/**
 * What the core takes however few entries share it: the sign-in modal switch (the header, the lobby's
 * cards and the popups' hosts open it) and the start-up gate's store, which every page's shell script
 * runs (site/components/LeanShell.astro).
 */
const coreAlways = /\/sdk\/auth\/modal\.ts$|\/sdk\/gate\/index\.ts$/
/** React itself, its DOM renderer and Astro's React client. */
const reactItself = /\/node_modules\/(react|react-dom|scheduler)\/|\/node_modules\/@astrojs\/react\/dist\/(client|static-html)\.js$/
/**
 * What of the shared modules needs React: the UI hooks of widgets/ui and their store binding
 * (@nanostores/react). They go with React, so the core chunk (stores, client, schemas) never imports
 * React: the shell script of every page loads the core without React, which comes with the page's
 * own islands or the first press that needs it.
 */
const withReact = (id) => /\/node_modules\/@nanostores\/react\//.test(id) || (/\/widgets\//.test(id) && coreModules.test(id))

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  // LK_SITE_DIR builds elsewhere (a private build beside the shared dist/site).
  outDir: process.env.LK_SITE_DIR ?? './dist/site',
  // LK_ASTRO_CACHE_DIR: the editor's journey runs a dev server on a content copy with a cache of its own.
  ...(process.env.LK_ASTRO_CACHE_DIR && { cacheDir: process.env.LK_ASTRO_CACHE_DIR }),
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  // Editors' Markdown pictures come out in several widths (srcset/sizes), never wider than the text.
  image: { layout: 'constrained' },
  // csp.json: the hashes of each page's inline scripts and styles, for the host's CSP header.
  integrations: [react(), paintDirective, cspHashes()],
  vite: {
    // The embed's bundle defines it true (widgets/embed/vite.config.ts); false here lets the minifier
    // drop the embed's branches from the site's code (sdk/storage, sdk/games/page.ts).
    define: { __LK_EMBED__: 'false' },
    // Stylesheets are inlined (`inlineStylesheets: 'always'`) and Astro deletes the CSS files; Vite's
    // preload lists for dynamic imports name none of them (tests/e2e/build.spec.ts fails if one does).
    plugins: [gamesRouteAnyCase, splitValibot(), ofetchDeps],
    build: {
      rolldownOptions: {
        // Barrels and declaration-only modules may be left out when unused (scripts/side-effects.ts).
        treeshake: { moduleSideEffects },
        output: {
          // Left to itself the bundler makes one chunk per set of islands sharing a module: a page's
          // first load came as some twenty small files, each compressed on its own. Two groups gather
          // what the islands share; `$initial` leaves out what only on-demand code (popups, the launch
          // rules) imports, so it stays out of the first load.
          codeSplitting: {
            groups: [
              // React with its DOM renderer and Astro's React client (the islands' renderer, `renderer-url`):
              // every page with an island loads all of them, in one file instead of two.
              {
                // With it, what of the core needs React (withReact), on the core's terms (shared by 8 entries or more).
                name: (id, ctx) => (reactItself.test(id) || shareCount(id, ctx) >= 8 ? 'react' : null),
                // Below the core: a group takes in what its modules import, and the core's must stay its own.
                priority: 2,
                test: (id) => reactItself.test(id) || withReact(id),
              },
              // One file for what every page loads at once: nanostores, valibot and the SDK the islands and the
              // shell script of every page use (modules shared by 8 entries or more), the sign-in modal switch and
              // the start-up gate's store (coreAlways). No React: the UI hooks go with it (withReact), so a page
              // whose shell is all it has loads this without React. The shell islands (header, side bars, phone
              // nav, hosts) hydrate on a press and stay out. The rooms' endpoint tables and schemas (money,
              // agent, lottery) stay out: they load with their room. So do the form field, the form engine and
              // its binding (sdk/form, widgets/ui/form.ts), the field checks (sdk/validation, contract/issues.ts,
              // contact.ts, requests.ts, account-requests.ts, account-fields.ts), the replies only on-demand code
              // reads (contract/funds.ts: the centre's figures and transfers; account-replies.ts), the code timers and the account rules (contract/rules.ts), which only
              // the forms and the money room use. The shell islands' stylesheets come with the page
              // (site/layouts/Page.astro), not through these modules: a group chunk would carry them into
              // preload lists, and Astro inlines and deletes them.
              // The same holds for widgets/ui's own stylesheet (ui.css) and the modal that imports it (a group takes in the
              // dependencies of what it holds): they stay out, however many islands share them.
              // `minShareCount` would apply to both kinds, so the share count is the `name` function's test.
              {
                name: (id, ctx) => (coreAlways.test(id) || shareCount(id, ctx) >= 8 ? 'core' : null),
                tags: ['$initial'],
                priority: 3,
                test: (id) => !withReact(id) && (coreAlways.test(id) || inCore(id)),
              },
              // What the game pages share: the game list, lazy images, paging (`games`, no React: the home
              // page's script-only sections use them too), then the cards and pager (`lobby`). The launch rules
              // (`sdk/games/launch.ts`) load on the first card opened and stay out, and so do the game
              // frame's address and message checks (`sdk/games/frame.ts`), which only they and /game use, and
              // the category pages' own stores (`sdk/games/category.ts`: lanes, winner board, PvP rooms).
              { name: 'games', tags: ['$initial'], minShareCount: 2, priority: 1, test: /\/sdk\/games\/(?!(launch|frame|category)\.ts)/ },
              { name: 'lobby', tags: ['$initial'], minShareCount: 2, priority: 1, test: /\/widgets\/lobby\// },
              // The lottery page's first load: its lists, filters and favourites with the lottery room's
              // table and schemas, one file instead of two. Modules that import a stylesheet stay out: a group
              // chunk would carry the stylesheet into preload lists, and Astro inlines and deletes it. So does
              // the lottery links' React context (`links.ts`): the home page's draws use this chunk without React.
              {
                name: 'lottery',
                tags: ['$initial'],
                priority: 1,
                test: /\/sdk\/lottery\/|\/widgets\/lottery\/(?!links\.ts)[\w-]+\.ts$|\/sdk\/contract\/(routes\/)?(lottery|play-types)\.ts/,
              },
            ],
          },
        },
      },
    },
    server: {
      // /admin/content: the editors' web interface, which the sandbox serves in development (sandbox/content/).
      proxy: Object.fromEntries(['/wps', '/lgw', '/lotto', '/sandbox', '/admin/content'].map((p) => [p, { target: api, changeOrigin: false }])),
    },
  },
})
