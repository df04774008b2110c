import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { ApiError } from '../client/index.ts'
import { createClient } from '../client/core-client.ts'
import { $locale } from '../i18n/index.ts'
import { configure, getStorage } from '../runtime/index.ts'
import { formatMoney } from '../format/index.ts'
import { createStorage } from '../storage/index.ts'
import { authApi } from '../auth/api.ts'
import { loginAs } from '../../tests/support/sdk-login.ts'
import {
  $balance,
  $balanceHidden,
  $balanceText,
  $flags,
  $isTrial,
  $loggedIn,
  $loginPrompt,
  $member,
  $session,
  $systemStatus,
  closeLoginPrompt,
  $status,
  loadStatus,
  balanceRefreshMs,
  refreshBalance,
  setSession,
  signIn,
  signOut,
  toggleBalanceHidden,
} from './index.ts'

// The stores against a real sandbox (port 0, throwaway database): what a header island would show.
const sandbox = await startSandbox()
afterAll(() => sandbox.close())

// The stores' timers (nanostores' 1 s unmount delay, the balance poll) run on fake time that tests
// move on at once instead of sleeping; it also follows the clock, so the in-process sandbox's own
// timers still fire. Date stays real: sessions and rate limits read it.
vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true })
afterAll(() => vi.useRealTimers())

let requests: string[] = []
beforeEach(() => {
  requests = []
  const fetchCounting: typeof fetch = (input, init) => {
    requests.push(new URL(input instanceof Request ? input.url : String(input)).pathname)
    return fetch(input, init)
  }
  configure({ baseURL: sandbox.url, storage: createStorage(), fetch: fetchCounting })
  closeLoginPrompt()
})

const login = (username?: string, password?: string) => loginAs(sandbox, username, password)

/** demo01's balance over all wallets, straight from the ledger (the seed settles a betting history). */
async function ledgerBalance(username = 'demo01'): Promise<number> {
  const rows = await sandbox.db.query<{ sum: string | number }>(
    'SELECT COALESCE(SUM(l.balance), 0) AS sum FROM ledger_accounts l JOIN members m ON l.owner = m.id WHERE m.username = $1',
    [username],
  )
  return Number(rows[0].sum)
}

const balanceCalls = () => requests.filter((p) => p === '/wps/v2/wallets/balance').length

describe('session lifecycle', () => {
  it('signs in: logged in, member loaded, balance formatted', async () => {
    expect($loggedIn.get()).toBe(false)
    await signIn(await login())
    expect($loggedIn.get()).toBe(true)
    expect($session.get()).toMatchObject({ account: 'demo01', isAgent: 0 })
    expect($member.get().data?.account).toBe('demo01')
    expect($isTrial.get()).toBe(false)
    const minor = await ledgerBalance()
    expect(minor).toBeGreaterThan(100_000)
    expect($balanceText.get()).toBe(formatMoney(minor))
    expect($balanceText.get()).toMatch(/^₱\d{1,3}(,\d{3})*\.\d{2}$/)
    expect(getStorage().session.get('token')).toBe($session.get().token)
  })

  it('hides the balance as *** and remembers it', async () => {
    await signIn(await login())
    toggleBalanceHidden()
    expect($balanceText.get()).toBe('***')
    expect(getStorage().local.get('balanceHidden')).toBe(true)
    toggleBalanceHidden()
    expect($balanceHidden.get()).toBe(false)
    expect($balanceText.get()).toBe(formatMoney(await ledgerBalance()))
  })

  it('signs out: state reset and the old token rejected by the server', async () => {
    await signIn(await login())
    const oldToken = $session.get().token!
    getStorage().session.set('merchantConfig', 'kept')
    await signOut()
    expect($loggedIn.get()).toBe(false)
    expect($member.get()).toEqual({ loading: false })
    expect($balanceText.get()).toBe('')
    expect(getStorage().session.get('merchantConfig')).toBe('kept')

    const stale = createStorage()
    stale.session.set('token', oldToken)
    const other = createClient({ baseURL: sandbox.url, merchant: 'LOBBYKIT', storage: stale })
    const error = await other.api('balance').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).code).toBe('session_expired')
  })

  it('ends the session and asks for login when the server expires it', async () => {
    await signIn(await login())
    // The same token logged out elsewhere (another tab): the next call here finds it dead.
    const elsewhere = createStorage()
    elsewhere.session.set('token', $session.get().token)
    await createClient({ baseURL: sandbox.url, merchant: 'LOBBYKIT', storage: elsewhere }).api('logout')
    await refreshBalance()
    expect($balance.value).toEqual({ loading: false })
    expect($loggedIn.get()).toBe(false)
    expect($loginPrompt.get()).toBe('expired')
    expect($member.get().data).toBeUndefined()
  })

  it('leaves the member empty when the session ends while its request runs: the late reply is neither shown nor written to the session', async () => {
    const { token } = await login()
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let answered = false
    // The platform answers at once; the reply reaches the page only after the sign-out (a slow network).
    configure({
      baseURL: sandbox.url,
      storage: getStorage(),
      fetch: async (input, init) => {
        const reply = await fetch(input, init)
        if (new URL(input instanceof Request ? input.url : String(input)).pathname !== '/wps/member/info') return reply
        await held
        answered = true
        return reply
      },
    })
    setSession({ token })
    // The header shows the member: its store asks for it.
    const stop = $member.listen(() => undefined)
    await vi.waitFor(() => expect($member.get().loading).toBe(true), { timeout: 30_000 })
    await signOut()
    expect($member.get()).toEqual({ loading: false })
    release()
    await vi.waitFor(() => expect(answered).toBe(true), { timeout: 30_000 })
    await vi.advanceTimersByTimeAsync(50)
    expect($member.get()).toEqual({ loading: false })
    expect($session.get()).toEqual({})
    expect(getStorage().session.get('account')).toBeUndefined()
    stop()
  })

  it('fetches the balance while someone shows it, and stops when the last viewer leaves', async () => {
    const { token } = await login()
    // Earlier tests read these stores with get(), which keeps them mounted for 1 s: start with no viewer.
    // An earlier test's unmount timer may have been scheduled under other timers and never run, leaving
    // the balance's effects mounted: one listen/leave schedules it again, under these timers.
    $balanceText.listen(() => undefined)()
    await vi.advanceTimersByTimeAsync(2200)
    // Counted from here: a late call of an earlier test's store is not this test's.
    const base = balanceCalls()
    setSession({ token })
    expect(balanceCalls()).toBe(base)
    const stop = $balanceText.listen(() => undefined)
    await vi.waitFor(() => expect($balance.value?.data).toBeDefined(), { timeout: 10_000 })
    expect(balanceCalls()).toBe(base + 1)
    expect($balanceText.get()).toBe(formatMoney(await ledgerBalance()))
    // A new session while shown: fetched again at once.
    setSession({ token: undefined })
    setSession({ token })
    await vi.waitFor(() => expect($balance.value?.data).toBeDefined(), { timeout: 10_000 })
    expect(balanceCalls()).toBe(base + 2)
    stop()
    // nanostores unmounts 1 s after the last listener leaves: $balanceText, then $balance.
    await vi.advanceTimersByTimeAsync(2200)
    setSession({ token: undefined })
    setSession({ token })
    // Nobody shows the balance: neither the new session nor the poll's period fetches it.
    await vi.advanceTimersByTimeAsync(balanceRefreshMs + 1000)
    expect(balanceCalls()).toBe(base + 2)
  })
})

describe('platform status', () => {
  afterEach(async () => {
    await sandbox.admin.setStatus({ maintenance: false, regionRestriction: false })
    await sandbox.admin.setFlag('DIRECTREG3', true)
  })

  it('flattens whitelabel flags and follows a switch flipped on the server', async () => {
    await sandbox.admin.setFlag('DIRECTREG3', true)
    await loadStatus()
    expect($flags.get().DIRECTREG3).toBe(true)
    await sandbox.admin.setFlag('DIRECTREG3', false)
    await loadStatus()
    expect($flags.get().DIRECTREG3).toBe(false)
  })

  it('asks about the configured platform host, never the host of the page it is embedded in', async () => {
    const asked: URL[] = []
    configure({
      baseURL: sandbox.url,
      storage: createStorage(),
      fetch: (input, init) => {
        asked.push(new URL(input instanceof Request ? input.url : String(input)))
        return fetch(input, init)
      },
    })
    vi.stubGlobal('location', new URL('https://partner.example:8443/games'))
    try {
      await loadStatus()
    } finally {
      vi.unstubAllGlobals()
    }
    const status = asked.filter((u) => u.pathname === '/wps/system/status')
    expect(status).toHaveLength(1)
    expect(status[0].search).not.toContain('partner.example')
    expect(status[0].searchParams.get('url')).toBe(new URL(sandbox.url).host)
    expect($status.get().data).toBeTruthy()
  })

  it('shows maintenance, then region blocking, then the app', async () => {
    await loadStatus()
    expect($systemStatus.get()).toBe(0)
    await sandbox.admin.setStatus({ maintenance: true })
    await loadStatus()
    expect($systemStatus.get()).toBe(1)
    await sandbox.admin.setStatus({ maintenance: false, regionRestriction: true })
    await loadStatus()
    expect($systemStatus.get()).toBe(2)
  })
})

describe('session cache through the runtime', () => {
  it('drops cached replies when the language changes', async () => {
    await authApi('registerSettings')
    await authApi('registerSettings')
    expect(requests.filter((p) => p === '/wps/system/setting/register')).toHaveLength(1)
    $locale.set('es')
    try {
      await authApi('registerSettings')
      expect(requests.filter((p) => p === '/wps/system/setting/register')).toHaveLength(2)
      expect(
        getStorage()
          .session.keys()
          .filter((k) => k.includes(':en:')),
      ).toEqual([])
    } finally {
      $locale.set('en')
    }
  })
})
