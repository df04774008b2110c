import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { Fail } from '../http/fail.ts'

/**
 * Password hashing with scrypt, stored as a self-describing string `$scrypt$ln=17,r=8,p=1$<salt>$<hash>`
 * (base64, no padding): verification reads the cost from the stored hash, so hashes made at any
 * accepted cost keep working. New hashes use the production cost (the OWASP minimum, N=2^17, r=8,
 * p=1) unless a sandbox is started with a cheaper one for tests ({@link testCost}).
 *
 * Hashing runs through a {@link Hasher}: a small pool with a queue limit, so a burst of logins cannot
 * queue every other login behind it (beyond the queue the answer is `busy`). Every hash is charged to
 * its caller (an address, an agent), and new hashes (registrations, downline accounts, password
 * changes) never take the pool's last slots: those are kept for logins.
 * @module
 */

/** scrypt's cost parameters: N = 2^logN, block size r, parallelism p. */
export interface ScryptCost {
  logN: number
  r: number
  p: number
}

/** The cost of every new hash in production: the OWASP minimum. */
export const productionCost: Readonly<ScryptCost> = Object.freeze({ logN: 17, r: 8, p: 1 })

/**
 * A cheap cost for tests only (about 128 times less work). Never use it for a server real people
 * log in to: `startSandbox` in sandbox/testing.ts passes it, production never does.
 */
export const testCost: Readonly<ScryptCost> = Object.freeze({ logN: 10, r: 8, p: 1 })

const KEY_LEN = 32
const SALT_LEN = 16
// scrypt needs 128·N·r bytes (128 MiB at the production cost); Node's default cap of 32 MiB is too small.
const MAXMEM = 256 * 1024 * 1024

function derive(pw: string, salt: Buffer, logN: number, r: number, p: number, len: number): Promise<Buffer> {
  const opts: ScryptOptions = { N: 2 ** logN, r, p, maxmem: MAXMEM }
  return new Promise((resolve, reject) => scrypt(pw.normalize('NFKC'), salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))))
}

/**
 * Hashes a password with a fresh 16-byte salt.
 * @param cost scrypt parameters (default {@link productionCost})
 * @returns a string such as `$scrypt$ln=17,r=8,p=1$…$…`
 */
export async function hashPassword(pw: string, cost: ScryptCost = productionCost): Promise<string> {
  const salt = randomBytes(SALT_LEN)
  const key = await derive(pw, salt, cost.logN, cost.r, cost.p, KEY_LEN)
  return `$scrypt$ln=${cost.logN},r=${cost.r},p=${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]{8,64})\$([A-Za-z0-9_-]{16,128})$/

/**
 * Checks a password against a stored hash in constant time, at the cost written in the hash.
 * A malformed or absent hash never matches.
 */
export async function verifyPassword(pw: string, stored: string): Promise<boolean> {
  const m = FORMAT.exec(stored)
  if (!m) return false
  const [, ln, r, p, salt, hash] = m
  const logN = Number(ln)
  // Refuse parameters we would never write: a tampered row must not make us burn memory or CPU.
  if (logN < 10 || logN > 20 || Number(r) < 1 || Number(r) > 16 || Number(p) < 1 || Number(p) > 4) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(pw, Buffer.from(salt, 'base64url'), logN, Number(r), Number(p), expected.length)
  return timingSafeEqual(key, expected)
}

export { isWeakPassword } from '../../sdk/contract/all.ts'

/** Hashing and verifying through a bounded pool, at one cost for new hashes. */
export interface Hasher {
  /** Cost of new hashes. */
  readonly cost: Readonly<ScryptCost>
  /**
   * A new hash. Never takes the slots kept for logins, and waits in its own short queue.
   * @param source who asks (`ip:…`, `agent:…`): at most `perSource` of its hashes run or wait at once
   */
  hash(pw: string, source?: string): Promise<string>
  /** @param source who asks (the client address): at most `perSource` of its checks run or wait at once */
  verify(pw: string, stored: string, source?: string): Promise<boolean>
  /**
   * Spends the time of a verification on a hash that matches nothing, so an unknown user answers
   * as slowly as a wrong password (no timing enumeration).
   */
  dummy(pw: string, source?: string): Promise<false>
  /**
   * The hash {@link Hasher.dummy} checks against: made once, of a random secret, at this hasher's
   * cost, so an unknown user's check costs what a real one does (scrypt's time is set by the cost).
   */
  unknownUserHash(): Promise<string>
}

/** Options of {@link createHasher}. */
export interface HasherOptions {
  /** Cost of new hashes (default {@link productionCost}). */
  cost?: ScryptCost
  /** Hashes computed at once (default 2: libuv's pool has 4 threads, and the rest of the server needs some). */
  concurrency?: number
  /** Hashes waiting for a slot; one more is refused with `busy` (default 16). */
  queueLimit?: number
  /**
   * Checks one source (client address) may have running or waiting at once; one more is refused with
   * `rate_limited` before any hashing, so one address cannot fill the pool (default 3).
   */
  perSource?: number
  /** Slots only logins (verify, dummy) may use: new hashes run on the others (default 1). */
  loginReserve?: number
  /** New hashes waiting for a slot; one more is refused with `busy` (default 4). */
  hashQueueLimit?: number
}

/**
 * Creates a hashing pool. At most `concurrency` scrypt computations run at once and at most
 * `queueLimit` wait; beyond that the call fails at once with `busy` instead of making every login
 * wait behind a flood. New hashes run on at most `concurrency - loginReserve` slots, wait in a queue
 * of their own, and a freed slot goes to a waiting login first.
 * @throws Fail('busy') from hash/verify/dummy when the queue is full
 */
export function createHasher(opts: HasherOptions = {}): Hasher {
  const cost = Object.freeze({ ...(opts.cost ?? productionCost) })
  const concurrency = opts.concurrency ?? 2
  const queueLimit = opts.queueLimit ?? 16
  const perSource = opts.perSource ?? 3
  const hashSlots = Math.max(1, concurrency - (opts.loginReserve ?? 1))
  const hashQueueLimit = opts.hashQueueLimit ?? 4
  let running = 0
  let runningHashes = 0
  const waiting: (() => void)[] = []
  const waitingHashes: (() => void)[] = []
  const bySource = new Map<string, number>()

  async function fromSource<T>(source: string | undefined, work: () => Promise<T>): Promise<T> {
    if (source === undefined) return work()
    const held = bySource.get(source) ?? 0
    if (held >= perSource) throw new Fail('rate_limited', 'Too many sign-in attempts at once from this address: try again in a moment', { value: { retryAfter: 2 } })
    bySource.set(source, held + 1)
    try {
      return await work()
    } finally {
      const left = (bySource.get(source) ?? 1) - 1
      if (left > 0) bySource.set(source, left)
      else bySource.delete(source)
    }
  }

  const busy = () => new Fail('busy', 'The server is busy: try again in a moment', { value: { retryAfter: 2 } })

  /** Frees a slot: a waiting login takes it first, then a waiting new hash if one may run. */
  function release(): void {
    const login = waiting.shift()
    if (login) {
      login()
      return
    }
    const next = runningHashes < hashSlots ? waitingHashes.shift() : undefined
    if (next) {
      runningHashes++
      next()
      return
    }
    running--
  }

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= queueLimit) throw busy()
      await new Promise<void>((resolve) => waiting.push(resolve))
    } else running++
    try {
      return await work()
    } finally {
      release()
    }
  }

  /** A slot for a new hash: never one of the slots kept for logins. */
  async function hashSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency || runningHashes >= hashSlots) {
      if (waitingHashes.length >= hashQueueLimit) throw busy()
      // release() counts this hash in (running stays, runningHashes + 1) when it hands the slot over.
      await new Promise<void>((resolve) => waitingHashes.push(resolve))
    } else {
      running++
      runningHashes++
    }
    try {
      return await work()
    } finally {
      runningHashes--
      release()
    }
  }

  let dummyHash: Promise<string> | undefined
  const unknownUserHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex'), cost))
  return {
    cost,
    hash: (pw, source) => fromSource(source, () => hashSlot(() => hashPassword(pw, cost))),
    verify: (pw, stored, source) => fromSource(source, () => slot(() => verifyPassword(pw, stored))),
    dummy: (pw, source) =>
      fromSource(source, async () => {
        const stored = await unknownUserHash()
        await slot(() => verifyPassword(pw, stored))
        return false as const
      }),
    unknownUserHash,
  }
}
