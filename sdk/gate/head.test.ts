import { describe, expect, it, vi } from 'vitest'
import { isFlagOn } from '../contract/index.ts'
import { brandLook } from '../brand/look.ts'
import { headScript, type HeadScriptInput } from './head.ts'
import { decide, leaveForLogin } from './index.ts'
import { pages } from '../pages/index.ts'
import type { CachedStatus } from './access.ts'

const input = (over: Partial<HeadScriptInput> = {}): HeadScriptInput => ({
  pageLang: 'en',
  defaultLang: 'en',
  languages: ['en', 'es'],
  isPublic: false,
  statusPath: '/wps/system/status',
  cookie: 'lk_lang',
  statusCacheKey: 'lk_status',
  pickAttr: 'data-lk-lang',
  pickKey: 'lkLangPick',
  ...over,
})

const store = (init: Record<string, string> = {}) => {
  const m = new Map(Object.entries(init))
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), map: m }
}

/**
 * Runs the inline script against a fake page; `status` is the envelope the status call answers, or
 * `'fail'` for a call that gets no answer.
 */
async function run(over: Partial<HeadScriptInput>, env: { local?: Record<string, string>; session?: Record<string, string>; cookie?: string; status?: unknown } = {}) {
  const classes = new Set<string>()
  const listeners: ((e: { target: unknown }) => void)[] = []
  const page = {
    addEventListener: (type: string, fn: (e: { target: unknown }) => void) => void (type === 'input' && listeners.push(fn)),
    documentElement: { dataset: {} as Record<string, string>, classList: { add: (c: string) => classes.add(c), remove: (c: string) => classes.delete(c) } },
    cookie: env.cookie ?? '',
  }
  const calls: string[] = []
  const sent: Record<string, string>[] = []
  const location = { host: 'example.test', reload: () => calls.push('reload'), replace: (to: string) => calls.push(`replace ${to}`) }
  const localStorage = store(env.local)
  const sessionStorage = store(env.session)
  const fetch = async (url: string, init: { headers?: Record<string, string> } = {}) => {
    calls.push(`fetch ${url}`)
    sent.push(init.headers ?? {})
    if (env.status === 'fail') throw new TypeError('Failed to fetch')
    return { status: 200, text: async () => JSON.stringify(env.status) }
  }
  const windowListeners: Record<string, ((e: unknown) => void)[]> = {}
  const win: { lkStatus?: Promise<unknown>; lkLangPick?: string; lkInstallOffer?: unknown; lkInUse?: boolean; addEventListener: (type: string, fn: (e: unknown) => void) => void } =
    {
      addEventListener: (type, fn) => void (windowListeners[type] ??= []).push(fn),
    }
  new Function('document', 'localStorage', 'sessionStorage', 'location', 'fetch', 'window', headScript(input(over)))(page, localStorage, sessionStorage, location, fetch, win)
  const early = await win.lkStatus?.catch((error: unknown) => error)
  // The script reads the reply in callbacks of its own after the call settles.
  await new Promise((resolve) => setTimeout(resolve, 0))
  const change = (target: unknown) => {
    for (const fn of listeners) fn({ target })
  }
  const fire = (type: string, event: unknown) => {
    for (const fn of windowListeners[type] ?? []) fn(event)
  }
  return { page, classes, calls, sent, early, localStorage, win, change, fire }
}

const status = (loginOnly: boolean, systemStatus = 0) => ({
  success: true,
  value: { systemStatus, whitelabel: [{ modId: 'ROOT', enabled: true, childrenNodes: [{ modId: 'LOGINONLY3', enabled: loginOnly, childrenNodes: [] }] }] },
})

describe('head script', () => {
  it('marks the page in use at the first press or key, before any module has loaded', async () => {
    for (const type of ['pointerdown', 'keydown']) {
      const r = await run({ isPublic: true })
      expect(r.win.lkInUse).toBeUndefined()
      r.fire(type, {})
      expect(r.win.lkInUse).toBe(true)
    }
  })

  it("keeps the browser's install offer made before any island loaded, and holds back the browser's own bar", async () => {
    for (const gated of [true, false]) {
      const r = await run({ isPublic: !gated }, { status: status(false) })
      expect(r.win.lkInstallOffer).toBeUndefined()
      let prevented = 0
      const offer = { preventDefault: () => void prevented++ }
      r.fire('beforeinstallprompt', offer)
      expect(r.win.lkInstallOffer).toBe(offer)
      expect(prevented).toBe(1)
    }
  })

  it('applies the saved theme before first paint', async () => {
    expect((await run({ isPublic: true }, { local: { theme: '"dark"' } })).page.documentElement.dataset.theme).toBe('dark')
    expect((await run({ isPublic: true })).page.documentElement.dataset.theme).toBe('light')
  })

  it("shows the brand's theme until the visitor picks one, then keeps the pick", async () => {
    const before = brandLook.theme
    brandLook.theme = 'dark'
    try {
      expect((await run({ isPublic: true })).page.documentElement.dataset.theme).toBe('dark')
      expect((await run({ isPublic: true }, { local: { theme: '"light"' } })).page.documentElement.dataset.theme).toBe('light')
      expect((await run({ isPublic: true }, { local: { theme: '"sepia"' } })).page.documentElement.dataset.theme).toBe('dark')
    } finally {
      brandLook.theme = before
    }
  })

  it('moves a visitor to their saved language once when the cookie is missing', async () => {
    const first = await run({ isPublic: true }, { local: { hisLang: 'es' } })
    expect(first.calls).toEqual(['reload'])
    expect(first.page.cookie).toContain('lk_lang=es')
    expect((await run({ isPublic: true }, { local: { hisLang: 'es' }, cookie: 'lk_lang=es' })).calls).toEqual([])
    expect((await run({ isPublic: true }, { local: { hisLang: 'es' }, session: { lk_lang_moved: '1' } })).calls).toEqual([])
    expect((await run({ isPublic: true }, { local: { hisLang: 'xx' } })).calls).toEqual([])
  })

  it("marks a signed-in visitor's page before first paint, and only theirs", async () => {
    expect((await run({ isPublic: true }, { session: { token: '"abc"' } })).classes.has('lk-authed')).toBe(true)
    expect((await run({ isPublic: true })).classes.has('lk-authed')).toBe(false)
  })

  it('keeps a language picked on the marked select before the header hydrated, and nothing else', async () => {
    const r = await run({ isPublic: true })
    const el = (attrs: Record<string, string>, value: string) => ({ value, hasAttribute: (a: string) => a in attrs })
    r.change(el({ id: 'other' }, 'vi'))
    expect(r.win.lkLangPick).toBeUndefined()
    r.change(el({ 'data-lk-lang': '' }, 'es'))
    expect(r.win.lkLangPick).toBe('es')
    r.change(null)
    expect(r.win.lkLangPick).toBe('es')
  })

  it('hides a protected page until the status says the site is open', async () => {
    const open = await run({}, { status: status(false) })
    expect(open.calls).toEqual(['fetch /wps/system/status?url=example.test'])
    expect(open.classes.has('lk-gated')).toBe(false)
    expect(JSON.parse(open.localStorage.getItem('lk_status')!)).toEqual({ loginOnly: false, systemStatus: 0 })
  })

  it('sends a guest to /login when the site is login-only, at once when cached', async () => {
    const fresh = await run({}, { status: status(true) })
    expect(fresh.calls).toContain('replace /login')
    expect(fresh.classes.has('lk-gated')).toBe(true)
    const cached = await run({}, { local: { lk_status: JSON.stringify({ loginOnly: true, systemStatus: 0 }) } })
    expect(cached.calls).toEqual(['replace /login'])
  })

  it("sends the page once: the page's own gate, deciding the same from the same call, does not send it again", async () => {
    const sent = await run({}, { status: status(true) })
    vi.stubGlobal('window', sent.win)
    vi.stubGlobal('location', { replace: (to: string) => sent.calls.push(`replace ${to}`) })
    try {
      leaveForLogin()
      expect(sent.calls.filter((call) => call.startsWith('replace'))).toEqual(['replace /login'])
      // Where the head script let the page in (the status changed since), the gate sends it, once.
      const open = await run({}, { status: status(false) })
      vi.stubGlobal('window', open.win)
      vi.stubGlobal('location', { replace: (to: string) => open.calls.push(`replace ${to}`) })
      leaveForLogin()
      leaveForLogin()
      expect(open.calls.filter((call) => call.startsWith('replace'))).toEqual(['replace /login'])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('follows the whitelabel rule of the stores and the sandbox: a disabled group switches its login-only off', async () => {
    const tree = (groupOn: boolean) => ({
      success: true,
      value: { systemStatus: 0, whitelabel: [{ modId: 'LOGIN3', enabled: groupOn, childrenNodes: [{ modId: 'LOGINONLY3', enabled: true, childrenNodes: [] }] }] },
    })
    const groupOff = await run({}, { status: tree(false) })
    expect(groupOff.calls).toEqual(['fetch /wps/system/status?url=example.test'])
    expect(groupOff.classes.has('lk-gated')).toBe(false)
    expect(JSON.parse(groupOff.localStorage.getItem('lk_status')!)).toEqual({ loginOnly: false, systemStatus: 0 })
    expect(isFlagOn(tree(false).value.whitelabel, 'LOGINONLY3')).toBe(false)
    const groupOn = await run({}, { status: tree(true) })
    expect(groupOn.calls).toContain('replace /login')
  })

  it('is a typed module carried whole: its text runs with nothing but browser globals in scope', () => {
    const text = headScript(input())
    expect(text).toContain('function isFlagOn(')
    expect(text).not.toMatch(/__vite_ssr|import\(|\brequire\(/)
  })

  it('lets sessions and public routes through without a status call', async () => {
    const cached = { lk_status: JSON.stringify({ loginOnly: true, systemStatus: 0 }) }
    expect((await run({}, { local: cached, session: { token: '"abc"' } })).calls).toEqual([])
    expect((await run({ isPublic: true }, { local: cached })).calls).toEqual([])
  })

  it('asks for the status in the page language, with the headers the client sends, and leaves the reply for the gate', async () => {
    const r = await run({ pageLang: 'es' }, { status: status(false) })
    expect(r.sent).toEqual([{ Merchant: 'LOBBYKIT', Language: 'es', Device: 'WEB' }])
    expect(r.early).toEqual({ status: 200, text: JSON.stringify(status(false)) })
  })

  it('keeps a protected page hidden when the status cannot be read and none is cached', async () => {
    const r = await run({}, { status: 'fail' })
    expect(r.classes.has('lk-gated')).toBe(true)
    expect(r.calls).toEqual(['fetch /wps/system/status?url=example.test'])
    const broken = await run({}, { status: { success: false, code: 'server_error', message: '' } })
    expect(broken.classes.has('lk-gated')).toBe(true)
  })

  it('falls back on the cached status when the status cannot be read', async () => {
    const open = await run({}, { status: 'fail', local: { lk_status: JSON.stringify({ loginOnly: false, systemStatus: 0 }) } })
    expect(open.classes.has('lk-gated')).toBe(false)
    // Cached maintenance: the gate shows the status page, the app never shows.
    const held = await run({}, { status: 'fail', local: { lk_status: JSON.stringify({ loginOnly: false, systemStatus: 1 }) } })
    expect(held.classes.has('lk-gated')).toBe(true)
  })

  it('keeps the page hidden for the status page while the status says maintenance or region block', async () => {
    expect((await run({}, { status: status(false, 1) })).classes.has('lk-gated')).toBe(true)
    // A public page too, when the last status seen was a maintenance one; shown as soon as it is over.
    const cached = { lk_status: JSON.stringify({ loginOnly: false, systemStatus: 2 }) }
    const still = await run({ isPublic: true }, { local: cached, status: status(false, 2) })
    expect(still.classes.has('lk-gated')).toBe(true)
    const over = await run({ isPublic: true }, { local: cached, status: status(false, 0) })
    expect(over.calls).toEqual(['fetch /wps/system/status?url=example.test'])
    expect(over.classes.has('lk-gated')).toBe(false)
    expect(JSON.parse(over.localStorage.getItem('lk_status')!)).toEqual({ loginOnly: false, systemStatus: 0 })
    const session = await run({}, { local: cached, session: { token: '"abc"' }, status: status(false, 2) })
    expect(session.classes.has('lk-gated')).toBe(true)
  })

  it('decides as the status gate does, for every visitor, cached summary and reply', async () => {
    const summaries: (CachedStatus | null)[] = [null, ...[false, true].flatMap((loginOnly) => [0, 1, 2].map((systemStatus) => ({ loginOnly, systemStatus })))]
    for (const guest of [true, false])
      for (const cached of summaries)
        for (const reply of [...summaries.slice(1), null]) {
          const r = await run(
            { isPublic: false },
            {
              local: cached ? { lk_status: JSON.stringify(cached) } : {},
              session: guest ? {} : { token: '"abc"' },
              status: reply ? status(reply.loginOnly, reply.systemStatus) : 'fail',
            },
          )
          const head = r.calls.includes(`replace ${pages.login}`) ? 'login' : r.classes.has('lk-gated') ? 'hidden' : 'app'
          const data = reply && { maintenance: { enabled: reply.systemStatus === 1 }, regionRestriction: { enabled: reply.systemStatus === 2 } }
          const value = data ? { data, loading: false } : { loading: false, error: { code: 'network_error' } }
          // The gate decides once the status is in (or failed), with the cache standing in for a failed call.
          const gate = decide(value as unknown as Parameters<typeof decide>[0], '/vip', !guest, reply?.loginOnly ?? false, reply ? null : cached)
          // Before first paint the head script lets a session through unless a status page was cached (it
          // asks nothing), and sends a guest on at once from a cached login-only summary; otherwise it shows
          // the page exactly when the gate would, and hides it for the status page or an unknown status.
          const expected = gate === 'app' ? 'app' : gate === 'login' ? 'login' : 'hidden'
          const early = !guest && !cached?.systemStatus ? 'app' : guest && cached?.loginOnly && !cached.systemStatus ? 'login' : expected
          expect({ guest, cached, reply, head }).toEqual({ guest, cached, reply, head: early })
        }
  })

  it('does not hide a public page on a first visit', async () => {
    const r = await run({ isPublic: true }, { status: status(false) })
    expect(r.calls).toEqual([])
    expect(r.classes.has('lk-gated')).toBe(false)
  })

  it('cannot be broken out of by a hostile input value', () => {
    expect(headScript(input({ statusPath: '</script><script>alert(1)</script>' }))).not.toContain('</script>')
  })
})
