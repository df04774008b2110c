/**
 * What ofetch takes from `ufo` and `destr`, in a few lines: the builds (astro.config.mjs, the embed's
 * vite config, through scripts/ofetch-deps.ts) give ofetch these instead of the two libraries, which
 * carried 1.6 KB gzip of URL and JSON helpers into every page's first load for two calls.
 *
 * The transport uses ofetch with `baseURL` and `query` and `responseType: 'text'`, so only
 * {@link withBase} and {@link withQuery} run; they answer as ufo's do for the platform's paths and
 * flat queries (ofetch-deps.test.ts compares them). `destr` only parses JSON replies, which the
 * transport never asks ofetch for.
 * @module
 */

const hasProtocol = (input: string): boolean => /^[a-zA-Z][a-zA-Z\d+\-.]*:/.test(input) || input.startsWith('//')

/** `input` on `base` (ufo's `withBase`): unchanged when `base` is empty, `input` absolute or already on `base`. */
export function withBase(input: string, base: string): string {
  if (!base || base === '/' || hasProtocol(input)) return input
  const root = base.replace(/\/+$/, '')
  if (input.startsWith(root)) return input
  return `${root}/${input.replace(/^\/+/, '')}`
}

/** `input` with `query` merged into its search (ufo's `withQuery`): `undefined` values are left out, arrays repeat the name. */
export function withQuery(input: string, query: Record<string, unknown>): string {
  const hashAt = input.indexOf('#')
  const hash = hashAt < 0 ? '' : input.slice(hashAt)
  const rest = hashAt < 0 ? input : input.slice(0, hashAt)
  const searchAt = rest.indexOf('?')
  const path = searchAt < 0 ? rest : rest.slice(0, searchAt)
  const params = new URLSearchParams(searchAt < 0 ? '' : rest.slice(searchAt + 1))
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue
    params.delete(name)
    for (const one of Array.isArray(value) ? value : [value]) {
      params.append(name, one !== null && typeof one === 'object' ? JSON.stringify(one) : String(one))
    }
  }
  const search = params.toString()
  return `${path}${search ? `?${search}` : ''}${hash}`
}

/** ofetch's JSON reader (destr): the value, or the text itself when it is not JSON. */
export default function destr(text: unknown): unknown {
  if (typeof text !== 'string') return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
