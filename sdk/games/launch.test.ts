import { beforeEach, describe, expect, it } from 'vitest'
import type { Game, Vendor } from '../contract/index.ts'
import { $guardWarning } from '../guard/index.ts'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { $loginPrompt, $session, setSession } from '../stores/index.ts'
import { launch, lotteryHref } from './launch.ts'

const game = (over: Partial<Game> = {}): Game => ({
  nodeId: 'n1',
  gameCode: 'GC1',
  code: 'GC1',
  displayName: 'Lucky',
  vassalage: 'PG',
  vendor: 'PG',
  gameType: 'RNG',
  gameGroupCode: 'SLOT',
  gameClassify: 'SLOT',
  accountTypeId: 1,
  accountTypeName: 'PG',
  isHot: 0,
  isGame: 'GAME',
  defaultPlayType: '',
  minBet: 0.01,
  image: '',
  ...over,
})
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

  it('sends FB sports to /fbsports', async () => {
    setSession({ token: 't', isAgent: 0 })
    expect(await launch(game({ gameType: 'SPORTS', vassalage: 'FB', vendor: 'FB' }))).toEqual({ kind: 'navigate', href: '/fbsports' })
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

describe('launch address', async () => {
  const { launchAddress } = await import('./launch.ts')
  it('keeps addresses that are already complete and puts relative ones on a CDN', () => {
    expect(launchAddress('/sandbox/cdn1/play/abc')).toBe('/sandbox/cdn1/play/abc')
    expect(launchAddress('https://vendor.example/play')).toBe('https://vendor.example/play')
    // Without a CDN list loaded the relative path stays as it is.
    expect(launchAddress('play/abc')).toBe('play/abc')
  })
})
