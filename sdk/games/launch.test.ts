import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/testing.ts'
import type { Game, Status, Vendor } from '../contract/index.ts'
import { $guardWarning } from '../guard/index.ts'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { $loginGame, $loginPrompt, $session, $status, loadStatus, setSession } from '../stores/index.ts'
import { frameAddress, launch, launchAddress, launchById, lotteryHref, type LaunchDecision } from './launch.ts'
import { loginAs } from '../../tests/support/sdk-login.ts'
import { aGame } from '../../tests/support/games.ts'

const game = (over: Partial<Game> = {}): Game => aGame(1, over)
const vendor = (over: Partial<Vendor> = {}): Vendor => ({ vassalage: 'PG', name: 'PG', gameType: 'RNG', isHot: 0, isGame: 'GAME', logo: '', gameCount: 10, ...over })

// Nothing listens on this port: a call that reaches the network fails instead of hanging.
const unreachable: typeof fetch = async () => {
  throw new TypeError('fetch failed')
}

describe('launch rules', () => {
  beforeEach(() => {
    configure({ storage: createStorage(), fetch: unreachable })
    $loginPrompt.set(null)
    $guardWarning.set(null)
  })

  it('asks a guest to log in and does nothing else', async () => {
    expect(await launch(game())).toEqual({ kind: 'blocked', reason: 'login' })
    expect($loginPrompt.get()).toBe('required')
  })

  it('sends an rng, pvp or fish vendor to its category page and remembers it', async () => {
    setSession({ token: 't', isAgent: 0 })
    expect(await launch(vendor({ vassalage: 'JILI', gameType: 'FISH' }))).toEqual({ kind: 'navigate', href: '/fish?vassalage=JILI' })
    expect($session.get().gameVendor).toBe('JILI')
  })

  it('sends lottery vendors to /lottery with only the parts that exist', async () => {
    setSession({ token: 't', isAgent: 0 })
    expect(await launch(game({ vendor: 'TCG_SEA', vassalage: 'TCG_SEA', gameType: 'LOTT', gameCode: 'SEA5', defaultPlayType: 'LO' }))).toEqual({
      kind: 'navigate',
      href: '/lottery?gameCode=SEA5&vendor=TCG_SEA&playType=LO',
    })
    expect(lotteryHref(vendor({ vassalage: 'LOTT', gameType: 'LOTT' }))).toBe('/lottery?vendor=LOTT')
  })

  it('opens the popup game list for vassalage cards', async () => {
    setSession({ token: 't', isAgent: 0 })
    expect(await launch(game({ isGame: 'VASSALAGE', vassalage: 'CQ9' }))).toEqual({ kind: 'popup', vendor: 'CQ9', gameType: 'RNG' })
  })

  it('sends FB sports to /fbsports, on the product picked', async () => {
    setSession({ token: 't', isAgent: 0 })
    expect(await launch(game({ gameType: 'SPORTS', vassalage: 'FB', vendor: 'FB', nodeId: 'FB-0002' }))).toEqual({ kind: 'navigate', href: '/fbsports?nodeId=FB-0002' })
    expect(await launch(vendor({ gameType: 'SPORTS', vassalage: 'FB' }))).toEqual({ kind: 'navigate', href: '/fbsports' })
  })

  it('warns a trial account away from real-money games but lets it try a slot', async () => {
    setSession({ token: 't', isAgent: 4 })
    expect(await launch(game({ gameType: 'LIVE', vassalage: 'EVO', vendor: 'EVO' }))).toEqual({ kind: 'blocked', reason: 'trial' })
    expect($guardWarning.get()?.messageKey).toBe('in_need_true_account')
    $guardWarning.set(null)
    // The slot goes on to the launch call (which fails here: no server), not to the warning.
    const slot = await launch(game())
    expect(slot.kind).toBe('error')
    expect($guardWarning.get()).toBeNull()
  })
})

describe('launch address', () => {
  // A new configuration has no status yet. The status of the one before (an earlier test's, loaded)
  // leaves as its key follows the new configuration, a tick later: wait until it has.
  beforeEach(async () => {
    configure({ storage: createStorage() })
    await vi.waitFor(() => expect($status.get().data).toBeUndefined(), { timeout: 10_000 })
  })

  it('keeps addresses that are already complete and puts relative ones on a CDN', async () => {
    expect(launchAddress('/sandbox/cdn1/play/abc')).toBe('/sandbox/cdn1/play/abc')
    expect(launchAddress('https://vendor.example/play')).toBe('https://vendor.example/play')
    // Without a CDN list loaded a relative path has no address yet.
    expect(launchAddress('play/abc')).toBeUndefined()
    await loadStatus(async () => ({ launchGameCDNs: ['https://cdn.example/g/'] }) as unknown as Status)
    expect(launchAddress('play/abc')).toBe('https://cdn.example/g/play/abc')
  })
})

// The launch rules against a real sandbox (port 0, throwaway database), as a page runs them.
describe('launching on the sandbox', () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await startSandbox()
  })
  afterAll(() => sandbox?.close())

  beforeEach(() => {
    configure({ baseURL: sandbox.url, storage: createStorage(), fetch: globalThis.fetch })
    $loginPrompt.set(null)
    $guardWarning.set(null)
  })

  async function signInAs(username: string, password: string): Promise<void> {
    const value = await loginAs(sandbox, username, password)
    setSession({ token: value.token, account: value.userName, isAgent: value.isAgent })
  }
  const addressOf = (decision: LaunchDecision): string => {
    if (decision.kind !== 'navigate') throw new Error(`expected a navigation, got ${JSON.stringify(decision)}`)
    const url = new URL(decision.href, 'http://site.test')
    expect(url.pathname).toBe('/game')
    return url.searchParams.get('url') ?? ''
  }

  it('puts each launch on a launch CDN of the status picked at random, loading the status first', async () => {
    await signInAs('demo01', 'demo1234')
    // No status yet: the launch loads it before it picks.
    expect($status.get().data).toBeUndefined()
    const cdns = new Set<string>()
    for (let i = 0; i < 40; i++) {
      const address = addressOf(await launch(game({ nodeId: 'PG-0001' })))
      const m = /^(\/sandbox\/cdn[12])\/play\/[\w-]+$/.exec(address)
      expect(m, address).not.toBeNull()
      cdns.add(m![1])
    }
    expect([...cdns].sort()).toEqual([...($status.get().data?.launchGameCDNs ?? [])].sort())
    expect(cdns.size).toBe(2)
    // The picked address serves the game.
    const address = addressOf(await launch(game({ nodeId: 'PG-0001' })))
    expect((await fetch(`${sandbox.url}${address}`)).status).toBe(200)

    // The pick is the client's, from whatever list the status gives.
    const status = $status.get().data!
    await loadStatus(async () => ({ ...status, launchGameCDNs: ['https://a.cdn.test/g', 'https://b.cdn.test'] }))
    const hosts = new Set<string>()
    for (let i = 0; i < 30; i++) {
      const url = new URL(addressOf(await launch(game({ nodeId: 'PG-0001' }))))
      expect(url.pathname).toMatch(url.host === 'a.cdn.test' ? /^\/g\/play\/[\w-]+$/ : /^\/play\/[\w-]+$/)
      hosts.add(url.host)
    }
    expect([...hosts].sort()).toEqual(['a.cdn.test', 'b.cdn.test'])
  })

  it('launches a game known only by its id under the same rules', async () => {
    // A guest is asked to log in, and the prompt names the game they picked (its lookup needs no session).
    expect(await launchById('PG-0001')).toEqual({ kind: 'blocked', reason: 'login' })
    expect($loginPrompt.get()).toBe('required')
    const picked = (await (
      await fetch(`${sandbox.url}/wps/relay/GCSGAME_gameInfo?nodeId=PG-0001&language=en`, { headers: { Merchant: 'LOBBYKIT', Device: 'WEB', Language: 'en' } })
    ).json()) as {
      value: { displayName: string }
    }
    expect($loginGame.get()).toBe(picked.value.displayName)
    expect(picked.value.displayName).not.toBe('')

    await signInAs('demo01', 'demo1234')
    expect(addressOf(await launchById('PG-0001'))).toMatch(/^\/sandbox\/cdn[12]\/play\//)
    expect(await launchById('LOT-VN_MB')).toEqual({ kind: 'navigate', href: '/lottery?gameCode=VN_MB&vendor=TCG_LOTTO_VN&playType=BAO_LO_2' })
    expect(await launchById('KY-LOBBY')).toEqual({ kind: 'popup', vendor: 'KY', gameType: 'PVP' })
    const unknown = await launchById('NOPE-0001')
    expect(unknown.kind === 'error' && unknown.error.code).toBe('not_found')
  })

  it('frames only this site and the launch CDNs of the status', async () => {
    const origin = sandbox.url
    expect(await frameAddress({ kind: 'url', url: 'https://evil.example/play/x' }, origin)).toEqual({ ok: false, reason: 'missing' })
    expect(await frameAddress({ kind: 'url', url: '/sandbox/cdn2/play/x' }, origin)).toEqual({ ok: true, url: `${origin}/sandbox/cdn2/play/x` })
    await signInAs('demo01', 'demo1234')
    const fb = await frameAddress({ kind: 'fb' }, origin)
    expect(fb.ok && fb.url).toMatch(new RegExp(`^${origin}/sandbox/cdn[12]/play/`))
  })
})
