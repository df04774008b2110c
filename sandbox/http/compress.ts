/**
 * Compression of the API's text replies (JSON envelopes, game pages, SVG images), off the event loop.
 * By hand: `hono/compress` offers gzip and deflate only (brotli answers are a fifth smaller), and it
 * streams every reply through a compressor when the reply carries no Content-Length, as the light
 * responses of @hono/node-server do, where a small envelope is better sent as it is.
 *
 * A shared reply (one the reply cache serves to every caller, tagged by {@link sharedTag}) is compressed
 * once per encoding and its bytes reused: the tag is a hash of the reply's own bytes, so a tag names
 * one body, whatever language, merchant or token asked for it. Every other reply is the caller's own: it
 * is compressed on zlib's thread pool for that request and never kept. Under a game-list burst the
 * per-request synchronous compression was what capped the server.
 * @module
 */
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import type { Context } from 'hono'
import { isCompressibleType, MIN_COMPRESS } from '../static/precompress.ts'

/** An encoding the API answers in. */
export type Encoding = 'br' | 'gzip'

/** Best encoding the client accepts (brotli first), or null for none. */
export function pickEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null
  const accepted = new Set(
    accept
      .split(',')
      .map((p) => p.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name.trim().toLowerCase()),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return null
}

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Compresses `data` on zlib's thread pool, at the levels the host always used (brotli quality 4,
 * gzip level 6): quick for a reply made per request, a fifth smaller than gzip for brotli.
 */
export function encode(data: Uint8Array, enc: Encoding): Promise<Buffer> {
  return enc === 'br' ? brotliAsync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipAsync(data, { level: 6 })
}

// Tags already computed, by the stored reply they stand for: a hit of the reply cache returns the same
// bytes object every time, so its tag is hashed once, when the reply is stored.
const tags = new WeakMap<Uint8Array, string>()
const TAG_PREFIX = '"r-'

/**
 * The strong ETag of a shared reply's identity bytes: a hash of the bytes themselves (two replies
 * with one tag are the same body). {@link createCompressor} reuses compressed bytes only for replies
 * carrying such a tag, and tags each compressed form apart (`"r-…-br"`), as one tag names one
 * representation.
 * @example sharedTag(new TextEncoder().encode('{}')) // '"r-RBNvo1WzZ4oRRq0W9-hknp"'
 */
export function sharedTag(bytes: Uint8Array): string {
  let tag = tags.get(bytes)
  if (!tag) {
    tag = `${TAG_PREFIX}${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`
    tags.set(bytes, tag)
  }
  return tag
}

const isSharedTag = (tag: string | null): boolean => tag?.length === TAG_PREFIX.length + 23 && tag.startsWith(TAG_PREFIX) && tag.endsWith('"')

/** The tag of one encoded form of a shared reply: `"r-abc"` → `"r-abc-br"`. */
const encodedTag = (tag: string, enc: Encoding) => `${tag.slice(0, -1)}-${enc}"`

/** Limits of {@link createCompressor}'s store of compressed shared replies. */
export interface CompressorLimits {
  /** Most compressed replies kept (default 4,000: two encodings of the reply cache's 2,000 per endpoint). */
  maxEntries?: number
  /** Most bytes kept (default 16 MB); the least recently used go first. */
  maxBytes?: number
}

/** What a compressor did so far. */
export interface CompressorStats {
  /** Bodies compressed (each shared reply once per encoding, every private reply each time). */
  compressed: number
  /** Shared replies answered with bytes compressed before, by this or a concurrent request. */
  reused: number
  /** Compressed shared replies kept now, and their bytes. */
  kept: number
  keptBytes: number
}

/** A reply compressor: `compress` turns an API response into the best encoding the request accepts. */
export interface Compressor {
  compress(c: Context, res: Response): Promise<Response>
  stats(): CompressorStats
}

/**
 * Creates a reply compressor with its own bounded store of compressed shared replies.
 * @example const compressor = createCompressor(); app.all('/wps/*', async (c) => compressor.compress(c, await api.fetch(c.req.raw)))
 */
export function createCompressor(limits: CompressorLimits = {}): Compressor {
  const maxEntries = limits.maxEntries ?? 4000
  const maxBytes = limits.maxBytes ?? 16 * 1024 * 1024
  // Least recently used first; a pending entry is a compression under way that concurrent requests
  // for the same reply wait for instead of compressing it again. A reply too small to be worth
  // compressing is kept as itself (encoding null), so later requests need not read it to know.
  type Form = { body: Uint8Array<ArrayBuffer>; encoding: Encoding | null }
  const kept = new Map<string, Form>()
  const pending = new Map<string, Promise<Form>>()
  let keptBytes = 0
  let compressed = 0
  let reused = 0

  const keep = (key: string, form: Form) => {
    if (form.body.byteLength > maxBytes) return
    kept.set(key, form)
    keptBytes += form.body.byteLength
    for (const [k, v] of kept) {
      if (kept.size <= maxEntries && keptBytes <= maxBytes) break
      kept.delete(k)
      keptBytes -= v.body.byteLength
    }
  }

  const encoded = async (res: Response, enc: Encoding): Promise<Form> => {
    const data = new Uint8Array(await res.arrayBuffer())
    if (data.byteLength < MIN_COMPRESS) return { body: data, encoding: null }
    compressed++
    return { body: new Uint8Array(await encode(data, enc)), encoding: enc }
  }

  const sharedEncoded = async (key: string, res: Response, enc: Encoding): Promise<Form> => {
    const hit = kept.get(key)
    if (hit) {
      kept.delete(key)
      kept.set(key, hit)
      reused++
      return hit
    }
    const running = pending.get(key)
    if (running) {
      reused++
      return running
    }
    const job = encoded(res, enc)
    pending.set(key, job)
    try {
      const form = await job
      keep(key, form)
      return form
    } finally {
      pending.delete(key)
    }
  }

  const compress = async (c: Context, res: Response): Promise<Response> => {
    // Look at the request first: reading `res.body` turns @hono/node-server's light response into a
    // full web Response that then has to be streamed out, which costs more than the rest of a small reply.
    const enc = c.req.method === 'HEAD' ? null : pickEncoding(c.req.header('accept-encoding'))
    const tag = res.status === 200 ? res.headers.get('etag') : null
    const shared = isSharedTag(tag)
    // A shared reply varies by Accept-Encoding even when sent as it is: say so on every form of it.
    if (!enc) {
      if (shared) res.headers.append('Vary', 'Accept-Encoding')
      return res
    }
    const type = res.headers.get('content-type') ?? ''
    // A live stream (the chat's Server-Sent Events) never ends: it goes out as it is written.
    if (res.headers.has('content-encoding') || !isCompressibleType(type) || type.startsWith('text/event-stream')) return res
    // Asked only of a private reply: reading `res.body` costs a shared hit the conversion above.
    if (!shared && !res.body) return res
    const form = shared ? await sharedEncoded(`${tag} ${enc}`, res, enc) : await encoded(res, enc)
    const headers = new Headers(res.headers)
    headers.append('Vary', 'Accept-Encoding')
    headers.set('Content-Length', String(form.body.byteLength))
    if (form.encoding) {
      headers.set('Content-Encoding', form.encoding)
      // One tag names one representation: the compressed form gets its own, and a tag this module
      // did not make only stands for the same content (weak), no longer for these bytes.
      if (shared && tag) headers.set('ETag', encodedTag(tag, form.encoding))
      else if (tag && !tag.startsWith('W/')) headers.set('ETag', `W/${tag}`)
    }
    return new Response(form.body, { status: res.status, headers })
  }

  return {
    compress,
    stats: () => ({ compressed, reused, kept: kept.size, keptBytes }),
  }
}
