/**
 * Vitest hooks the sandbox tests share: one sandbox started for the test file, and a client of it.
 * Test support only: it registers Vitest hooks (the journeys and benches start theirs with
 * `startSandbox` from ./testing.ts).
 * @module
 */
import { afterAll, beforeAll } from 'vitest'
import { client } from './auth/testkit.ts'
import { startSandbox, type Sandbox } from './testing.ts'

/** A client of one sandbox (./auth/testkit.ts). */
export type Client = ReturnType<typeof client>

/** Options of {@link sandboxForFile}: those of `startSandbox`, and the start's timeout. */
export type SandboxForFileOptions = NonNullable<Parameters<typeof startSandbox>[0]> & { timeout?: number }

/**
 * Stands for the value `get` returns once the file's `beforeAll` ran: every field read goes to it,
 * so the test file can name it at the top and use it inside its tests and hooks.
 */
function startedLater<T extends object>(what: string, get: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const value = get()
      if (!value) throw new Error(`testkit: the ${what} is ready only inside tests and hooks, after the file's beforeAll`)
      const field: unknown = Reflect.get(value, key)
      return typeof field === 'function' ? field.bind(value) : field
    },
  })
}

/**
 * Starts a seeded sandbox before the file's tests and closes it after them (Vitest `beforeAll` and
 * `afterAll`); hooks registered after this call run after it started.
 * @example const { sb, c } = sandboxForFile() // tests call c.call('status', {}) and read sb.db
 */
export function sandboxForFile(opts: SandboxForFileOptions = {}): { sb: Sandbox; c: Client } {
  const { timeout, ...start } = opts
  let sb: Sandbox | undefined
  let c: Client | undefined
  beforeAll(async () => {
    sb = await startSandbox(start)
    c = client(sb.url)
  }, timeout)
  afterAll(() => sb?.close())
  return { sb: startedLater('sandbox', () => sb), c: startedLater('client', () => c) }
}
