import { afterAll, vi } from 'vitest'

/**
 * Setup of every `client` test file (sdk, widgets), which share reused workers (`isolate: false` in
 * vitest.config.ts): each file starts with what a new worker would give it, at a fraction of the cost
 * (no new process, Vitest and its dependencies loaded once per worker).
 * - Its own module instances: the module registry is emptied before the file imports anything, so
 *   the stores, which are module-level by design (one page, one store), start empty.
 * - Nothing left by the file before: globals it added (a page's `lkInUse`, a stubbed `fetch`), fake
 *   timers and spies are undone when it ends.
 * @module
 */
vi.resetModules()

const before = new Set(Reflect.ownKeys(globalThis))

afterAll(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  const global = globalThis as Record<PropertyKey, unknown>
  // Node's own lazily made globals (undici's dispatcher) cannot be deleted, and need not be.
  for (const key of Reflect.ownKeys(globalThis)) if (!before.has(key) && Object.getOwnPropertyDescriptor(globalThis, key)?.configurable) delete global[key]
})
