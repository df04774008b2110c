/**
 * The platform replies of a first paint (widgets/embed/first-paint.ts): recorded by the server's
 * render, answered again in the browser to the element's first calls, so hydrating asks nothing
 * twice. Kept apart (no stores) because every element's platform set-up (config.ts) uses the fetch.
 * @module
 */

/** One platform reply as the client's transport sees it. */
export interface RecordedReply {
  status: number
  text: string
}

/** A GET's key: path and sorted query (the origin is left out: the server may ask its platform on another address). */
export function requestKey(url: string): string {
  const parsed = new URL(url, 'http://lobbykit.invalid')
  parsed.searchParams.sort()
  return `${parsed.pathname}?${parsed.searchParams}`
}

const urlOf = (input: RequestInfo | URL): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
const methodOf = (input: RequestInfo | URL, init?: RequestInit): string => (init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')).toUpperCase()

/** A fetch that keeps every GET reply in `into` by {@link requestKey} (the server's render). */
export function recordingFetch(base: typeof fetch, into: Record<string, RecordedReply>): typeof fetch {
  return async (input, init) => {
    const reply = await base(input, init)
    if (methodOf(input, init) === 'GET') into[requestKey(urlOf(input))] = { status: reply.status, text: await reply.clone().text() }
    return reply
  }
}

/** How long a first paint's replies answer again (its element's stores may ask twice while they start). */
export const replayMs = 10_000

// The replies of first paints, by request key, with when they stop answering.
const seeded = new Map<string, { reply: RecordedReply; until: number }>()

/**
 * Makes `replies` the answers of GETs of the same keys for the next `ms` ({@link replayMs}); `0`
 * stops answering them (a countdown's reply is stale once its stores hold it: the next ask must reach the platform).
 */
export function seedReplies(replies: Record<string, RecordedReply>, ms = replayMs): void {
  const until = Date.now() + ms - 1
  for (const key of Object.keys(replies)) seeded.set(key, { reply: replies[key], until })
}

/** The browser's fetch, answering a seeded GET from its first paint's data (no request) and anything else from the network. */
export const replayingFetch: typeof fetch = (input, init) => {
  if (seeded.size > 0 && methodOf(input, init) === 'GET') {
    const key = requestKey(urlOf(input))
    const found = seeded.get(key)
    if (found && found.until < Date.now()) seeded.delete(key)
    else if (found) return Promise.resolve(new Response(found.reply.text, { status: found.reply.status, headers: { 'Content-Type': 'application/json' } }))
  }
  return globalThis.fetch(input, init)
}
