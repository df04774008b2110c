/**
 * Serialized replies shared by every caller who sends the same input, so a popular reply (page one of
 * a game category) is built, checked against the contract and turned into JSON once, not per request.
 * @module
 */

/**
 * Where a shared reply is kept. `scope` stands for the data the reply is built from and is replaced
 * whenever that data changes (the loaded game catalogue is a new object after a reseed), which
 * drops every entry of the old scope at once; `key` is the normalized input.
 */
export interface ReplyKey {
  scope: object
  key: string
}

interface Entries {
  replies: Map<string, Uint8Array<ArrayBuffer>>
  bytes: number
}

/** A bounded least-recently-used store of serialized replies, by scope then key. */
export class ReplyCache {
  readonly #scopes = new WeakMap<object, Entries>()
  readonly #maxEntries: number
  readonly #maxBytes: number

  /**
   * @param limits - most entries and most bytes kept per scope; the least recently used go first
   */
  constructor(limits: { maxEntries: number; maxBytes: number }) {
    this.#maxEntries = limits.maxEntries
    this.#maxBytes = limits.maxBytes
  }

  /** The reply stored under `at`, marked as most recently used; undefined when there is none. */
  get(at: ReplyKey): Uint8Array<ArrayBuffer> | undefined {
    const entries = this.#scopes.get(at.scope)
    const hit = entries?.replies.get(at.key)
    if (entries && hit) {
      entries.replies.delete(at.key)
      entries.replies.set(at.key, hit)
    }
    return hit
  }

  /** Stores a reply under `at` (a reply larger than the byte limit is not kept). */
  set(at: ReplyKey, reply: Uint8Array<ArrayBuffer>): void {
    if (reply.byteLength > this.#maxBytes) return
    let entries = this.#scopes.get(at.scope)
    if (!entries) this.#scopes.set(at.scope, (entries = { replies: new Map(), bytes: 0 }))
    const old = entries.replies.get(at.key)
    if (old) {
      entries.replies.delete(at.key)
      entries.bytes -= old.byteLength
    }
    entries.replies.set(at.key, reply)
    entries.bytes += reply.byteLength
    for (const [key, value] of entries.replies) {
      if (entries.replies.size <= this.#maxEntries && entries.bytes <= this.#maxBytes) break
      entries.replies.delete(key)
      entries.bytes -= value.byteLength
    }
  }

  /** Number of replies kept for `scope`. */
  size(scope: object): number {
    return this.#scopes.get(scope)?.replies.size ?? 0
  }
}
