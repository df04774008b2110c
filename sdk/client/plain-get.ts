/**
 * A GET of a public file of the brand (a first paint, its stylesheet): no credentials, refused on an
 * HTTP error status, given up after `ms`. For what is not a platform call (those go through the client).
 * @example const html = await plainGet(new URL('render/lk-games', base)).then((r) => r.json())
 */
export function plainGet(url: URL, ms = 5000): Promise<Response> {
  // Own members only: `fetch` reads inherited ones too, and a host page that polluted Object.prototype
  // (`headers`) would add a header, which makes the request preflighted, and refused.
  const init: RequestInit = Object.assign(Object.create(null) as RequestInit, { credentials: 'omit', signal: AbortSignal.timeout(ms) } satisfies RequestInit)
  return fetch(url, init).then((reply) => (reply.ok ? reply : Promise.reject(new Error(`HTTP ${reply.status}`))))
}
