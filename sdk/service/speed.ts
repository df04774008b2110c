/**
 * The speed test of domain routes (SPEC §2, §3, §7): the platform's routes for web (device 0) and app
 * (device 3), each timed a few times (the median shown), a route that does not answer in time shown as
 * timed out, the fastest marked, and "test again". Every speed starts at 0 (SPEC §3).
 * @module
 */
import { map, onMount, type MapStore } from 'nanostores'
import type { ApiError } from '../client/errors.ts'
import { outcome } from '../client/outcome.ts'
import * as core from '../contract/routes/core/help.ts'
import { speedTest } from '../contract/service.ts'
import { onPlatform, roomApi } from '../runtime/index.ts'

const api = roomApi({ domainRoute: core.domainRoute })

/** One route as the test shows it. */
export interface RouteSpeed {
  domainName: string
  device: number
  /** Median of the samples in ms; 0 until measured (SPEC §3 "a speed field is set to 0"). */
  speed: number
  status: 'waiting' | 'testing' | 'done' | 'timeout'
  /** Samples taken so far. */
  samples: number
  fastest: boolean
}

/** The test's state. */
export interface SpeedState {
  routes: RouteSpeed[]
  loading: boolean
  running: boolean
  error?: ApiError
}

/** The median of some numbers (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** How long one sample of an address takes, or null when it does not answer within the time-out. */
export type Sampler = (url: string, timeoutMs: number) => Promise<number | null>

const fetchSampler: Sampler = async (url, timeoutMs) => {
  const started = performance.now()
  try {
    // An opaque answer is enough to time a route that is not the platform's (no CORS there).
    await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs), mode: 'no-cors' })
    return Math.round(performance.now() - started)
  } catch {
    return null
  }
}

/** The speed test of one view, with its "test again". */
export interface SpeedTestStore {
  $state: MapStore<SpeedState>
  /** Loads the routes (if not yet) and times each of them. */
  run(): Promise<void>
}

/**
 * Creates a speed test; it starts when first shown.
 * @param sample - times one request (tests pass their own)
 */
export function createSpeedTest(sample: Sampler = fetchSampler): SpeedTestStore {
  const $state = map<SpeedState>({ routes: [], loading: false, running: false })
  let probes: string[] = []

  const update = (i: number, patch: Partial<RouteSpeed>) =>
    $state.setKey(
      'routes',
      $state.get().routes.map((r, j) => (i === j ? { ...r, ...patch } : r)),
    )

  async function load(): Promise<boolean> {
    $state.set({ ...$state.get(), loading: true, error: undefined })
    const r = await outcome(() => Promise.all([api('domainRoute', { device: '0' }), api('domainRoute', { device: '3' })]))
    if (r.error) {
      $state.set({ ...$state.get(), loading: false, error: r.error })
      return false
    }
    const all = r.data.flat()
    probes = all.map((route) => onPlatform(route.probe ?? `https://${route.domainName}/`))
    $state.set({
      ...$state.get(),
      loading: false,
      routes: all.map((route) => ({ domainName: route.domainName, device: route.device, speed: 0, status: 'waiting', samples: 0, fastest: false })),
    })
    return true
  }

  // The run under way: a second call (the page opening while "test again" is pressed) joins it instead of
  // starting another that would reset the routes the first is timing.
  let current: Promise<void> | null = null
  function run(): Promise<void> {
    current ??= measure().finally(() => {
      current = null
    })
    return current
  }

  async function measure(): Promise<void> {
    if ($state.get().routes.length === 0 && !(await load())) return
    $state.set({ ...$state.get(), running: true, routes: $state.get().routes.map((r) => ({ ...r, speed: 0, status: 'waiting', samples: 0, fastest: false })) })
    // Routes one after another, so one route's time does not include another's.
    for (let i = 0; i < probes.length; i++) {
      update(i, { status: 'testing' })
      const times: number[] = []
      for (let s = 0; s < speedTest.samples; s++) {
        const ms = await sample(probes[i], speedTest.timeoutMs)
        update(i, { samples: s + 1 })
        if (ms === null) break
        times.push(ms)
      }
      update(i, times.length === speedTest.samples ? { status: 'done', speed: median(times) } : { status: 'timeout', speed: 0 })
    }
    const done = $state.get().routes.filter((r) => r.status === 'done')
    const best = done.length ? Math.min(...done.map((r) => r.speed)) : -1
    // One route is the fastest: on a tie (times are whole milliseconds), the first listed of them.
    const fastest = done.find((r) => r.speed === best)
    $state.set({ ...$state.get(), running: false, routes: $state.get().routes.map((r) => ({ ...r, fastest: r === fastest })) })
  }

  onMount($state, () => {
    void run()
  })
  return { $state, run }
}
