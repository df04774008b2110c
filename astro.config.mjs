import { defineConfig } from 'astro/config'
import react from '@astrojs/react'

// The sandbox (or PLATFORM_URL) answers the API on the same origin; in `npm run dev` Vite proxies to it.
const api = process.env.LOBBYKIT_API ?? 'http://127.0.0.1:4322'

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  // LK_SITE_DIR builds elsewhere (a private build beside the shared dist/site).
  outDir: process.env.LK_SITE_DIR ?? './dist/site',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [react()],
  vite: {
    server: {
      proxy: Object.fromEntries(['/wps', '/lgw', '/lotto', '/sandbox'].map((p) => [p, { target: api, changeOrigin: false }])),
    },
  },
})
