import { describe, expect, it } from 'vitest'
import { headScript, type HeadScriptInput } from './head.ts'

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

/** Runs the inline script against a fake page; `status` is the envelope the status call answers. */
async function run(over: Partial<HeadScriptInput>, env: { local?: Record<string, string>; session?: Record<string, string>; cookie?: string; status?: unknown } = {}) {
  const classes = new Set<string>()
  const listeners: ((e: { target: unknown }) => void)[] = []
  const page = {
    addEventListener: (type: string, fn: (e: { target: unknown }) => void) => void (type === 'input' && listeners.push(fn)),
    documentElement: { dataset: {} as Record<string, string>, classList: { add: (c: string) => classes.add(c), remove: (c: string) => classes.delete(c) } },
    cookie: env.cookie ?? '',
  }
  const calls: string[] = []
  const location = { host: 'example.test', reload: () => calls.push('reload'), replace: (to: string) => calls.push(`replace ${to}`) }
  const localStorage = store(env.local)
  const sessionStorage = store(env.session)
  const fetch = async (url: string) => {
    calls.push(`fetch ${url}`)
    return { json: async () => env.status }
  }
  const win: { lkStatus?: Promise<unknown>; lkLangPick?: string } = {}
  new Function('document', 'localStorage', 'sessionStorage', 'location', 'fetch', 'window', headScript(input(over)))(page, localStorage, sessionStorage, location, fetch, win)
  await win.lkStatus
  const change = (target: unknown) => listeners.forEach((fn) => fn({ target }))
  return { page, classes, calls, localStorage, win, change }
}

const status = (loginOnly: boolean) => ({ success: true, value: { systemStatus: 0, whitelabel: [{ modId: 'ROOT', enabled: true, childrenNodes: [{ modId: 'LOGINONLY3', enabled: loginOnly, childrenNodes: [] }] }] } })

describe('head script', () => {
  it('applies the saved theme before first paint', async () => {
    expect((await run({ isPublic: true }, { local: { theme: '"dark"' } })).page.documentElement.dataset.theme).toBe('dark')
    expect((await run({ isPublic: true })).page.documentElement.dataset.theme).toBe('light')
  })

  it('moves a visitor to their saved language once when the cookie is missing', async () => {
    const first = await run({ isPublic: true }, { local: { hisLang: 'es' } })
    expect(first.calls).toEqual(['reload'])
    expect(first.page.cookie).toContain('lk_lang=es')
    expect((await run({ isPublic: true }, { local: { hisLang: 'es' }, cookie: 'lk_lang=es' })).calls).toEqual([])
    expect((await run({ isPublic: true }, { local: { hisLang: 'es' }, session: { lk_lang_moved: '1' } })).calls).toEqual([])
    expect((await run({ isPublic: true }, { local: { hisLang: 'xx' } })).calls).toEqual([])
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

  it('lets sessions and public routes through without a status call', async () => {
    const cached = { lk_status: JSON.stringify({ loginOnly: true, systemStatus: 0 }) }
    expect((await run({}, { local: cached, session: { token: '"abc"' } })).calls).toEqual([])
    expect((await run({ isPublic: true }, { local: cached })).calls).toEqual([])
  })

  it('cannot be broken out of by a hostile input value', () => {
    expect(headScript(input({ statusPath: '</script><script>alert(1)</script>' }))).not.toContain('</script>')
  })
})
