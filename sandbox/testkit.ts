/**
 * Vitest hooks the sandbox tests share: one sandbox started for the test file, and a client of it;
 * and the run of `sandbox/main.ts` as a command, for the tests of its start.
 * Test support only: it registers Vitest hooks (the journeys and benches start theirs with
 * `startSandbox` from ./testing.ts).
 * @module
 */
import { spawn } from 'node:child_process'
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

/**
 * Runs `node sandbox/main.ts ...args` with `env` over the test's own environment until it exits: its
 * exit code and output (standard output and error together). A process still running after
 * `killAfterMs` is stopped, and its code is then `null`: a hang detector under the 300 s test limit
 * (vitest.config.ts), since a fresh database's start took over 120 s beside the journeys in a full run.
 * @example const { code, out } = await runMain([], { NODE_ENV: 'production', DATA_DIR: dir })
 */
export function runMain(args: string[], env: Record<string, string>, killAfterMs = 280_000): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['sandbox/main.ts', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, out })
    })
  })
}
