/**
 * The partner demo: a small site on a second origin embedding every element with the snippet from
 * /partners, under a strict CSP (scripts, styles, frames, images and connections only from itself
 * and the brand; no 'unsafe-inline', no 'unsafe-eval'; Trusted Types required). `npm start` serves
 * it beside the brand; the embed journeys use it as the partner's page.
 * @module
 */
import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join, resolve, sep } from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'

/** A running partner site. */
export interface PartnerSite {
  url: string
  close(): Promise<void>
}

/** The strict CSP of a partner page that allows the brand `brand` (an origin). */
export const partnerCsp = (brand: string): string =>
  [
    "default-src 'self'",
    `script-src 'self' ${brand}`,
    `style-src 'self' ${brand}`,
    `img-src 'self' ${brand} data:`,
    `connect-src 'self' ${brand}`,
    `frame-src ${brand}`,
    "object-src 'none'",
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types lobbykit',
  ].join('; ')

const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' }

/**
 * Serves the pages of `dir` (default tests/embed/partner) with `{{BRAND}}` replaced by `brand`.
 * @example const partner = await startPartnerSite({ brand: server.url, port: 0 })
 */
export async function startPartnerSite(opts: { brand: string; port?: number; host?: string; dir?: string }): Promise<PartnerSite> {
  const root = resolve(opts.dir ?? join('tests', 'embed', 'partner'))
  const brand = new URL(opts.brand).origin
  const app = new Hono()
  app.get('*', async (c) => {
    const path = c.req.path === '/' ? '/index.html' : c.req.path.endsWith('/') ? `${c.req.path}index.html` : /\.[a-z]+$/.test(c.req.path) ? c.req.path : `${c.req.path}.html`
    const file = resolve(root, `.${path}`)
    if (!file.startsWith(root + sep)) return c.text('Not found', 404)
    const type = types[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream'
    try {
      const body = (await readFile(file, 'utf8')).replaceAll('{{BRAND}}', brand)
      return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'no-cache', 'Content-Security-Policy': partnerCsp(brand) })
    } catch {
      return c.text('Not found', 404)
    }
  })
  const server: ServerType = await new Promise((done, reject) => {
    const s = serve({ fetch: app.fetch, port: opts.port ?? 0, hostname: opts.host ?? '127.0.0.1' })
    s.once('listening', () => done(s))
    s.once('error', reject)
  })
  const address = server.address() as AddressInfo
  return {
    // Another port is another origin: the brand's calls from here are cross-origin, as on a partner's site.
    url: `http://127.0.0.1:${address.port}`,
    // A browser still holding a connection (a tab left open, a request under way) must not keep it open.
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
      }),
  }
}
