/**
 * The dev inbox: SMS codes, reset emails, captcha answers and slider targets the sandbox would have sent or kept to itself, kept in
 * memory so a person or a test can finish every flow without a phone (`GET /sandbox/inbox`). Messages land here through the
 * development providers (sandbox/delivery/dev-inbox.ts) when no real one is configured; never in production.
 * @module
 */

/** Kinds of messages the sandbox "sends". */
export type InboxKind = 'sms' | 'email' | 'captcha' | 'slider'

/** Where the sandbox drops what it would have sent. */
export interface Inbox {
  push(kind: InboxKind, entry: Record<string, unknown>): void
  /** Adds `fields` to the newest entry of `kind` whose `key` is `value` (what became of it: a slider answer's refusal); nothing when there is none. */
  note(kind: InboxKind, key: string, value: unknown, fields: Record<string, unknown>): void
  /** Every kept entry by kind, newest first. */
  list(): { sms: unknown[]; email: unknown[]; captcha: unknown[]; slider: unknown[] }
}

/**
 * Creates an in-memory inbox that keeps the newest `limit` entries of each kind.
 * Each entry gets an `at` ISO timestamp (from `now`) unless it has one.
 */
export function createInbox(opts: { limit?: number; now?: () => number } = {}): Inbox {
  const limit = opts.limit ?? 200
  const now = opts.now ?? Date.now
  const boxes: Record<InboxKind, Record<string, unknown>[]> = { sms: [], email: [], captcha: [], slider: [] }
  return {
    push(kind, entry) {
      const box = boxes[kind]
      box.unshift({ at: new Date(now()).toISOString(), ...entry })
      if (box.length > limit) box.length = limit
    },
    note(kind, key, value, fields) {
      const entry = boxes[kind].find((e) => e[key] === value)
      if (entry) Object.assign(entry, fields)
    },
    list() {
      return { sms: [...boxes.sms], email: [...boxes.email], captcha: [...boxes.captcha], slider: [...boxes.slider] }
    },
  }
}
