import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

// A third-party frame or a browser that blocks storage throws on the first touch of
// `localStorage`/`sessionStorage`. Every module is imported fresh under that browser.
function blockStorage(): void {
  const denied = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError')
  }
  const win = {} as Record<string, unknown>
  Object.defineProperty(win, 'localStorage', { get: denied })
  Object.defineProperty(win, 'sessionStorage', { get: denied })
  vi.stubGlobal('window', win)
  // The rest of the window works as in any browser: nanoquery listens to its visibility and network events.
  const listen = () => {}
  vi.stubGlobal('addEventListener', listen)
  vi.stubGlobal('removeEventListener', listen)
  vi.stubGlobal('localStorage', undefined)
  Object.defineProperty(globalThis, 'localStorage', { get: denied, configurable: true })
  Object.defineProperty(globalThis, 'sessionStorage', { get: denied, configurable: true })
}

describe('islands with storage that throws', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    delete (globalThis as Record<string, unknown>).localStorage
    delete (globalThis as Record<string, unknown>).sessionStorage
    vi.resetModules()
  })

  it('import, translate, switch language and render without throwing, keeping choices in memory', async () => {
    blockStorage()
    vi.resetModules()
    const i18n = await import('../i18n/index.ts')
    const { getStorage } = await import('../runtime/index.ts')
    const { setSession, $session } = await import('../stores/index.ts')
    expect(i18n.$locale.get()).toBe('en')
    await i18n.setLocale('es')
    expect(i18n.$locale.get()).toBe('es')
    expect(getStorage().local.get('hisLang')).toBe('es')
    setSession({ account: 'demo01' })
    expect($session.get().account).toBe('demo01')
    const { Jackpot } = await import('../../widgets/shell/Jackpot.tsx')
    expect(renderToString(createElement(Jackpot))).toContain('lk-jackpot')
  })
})

describe('cookies where the page may not touch them', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('read as absent and are not written, without throwing (a sandboxed frame)', async () => {
    const denied = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    }
    const doc = {}
    Object.defineProperty(doc, 'cookie', { get: denied, set: denied })
    vi.stubGlobal('document', doc)
    const { readCookie, writeCookie } = await import('./index.ts')
    const { rememberUser, rememberedUser } = await import('../auth/remember.ts')
    expect(readCookie('lk_lang')).toBeUndefined()
    expect(writeCookie('lk_lang', 'es', { maxAge: 60 })).toBe(false)
    expect(() => rememberUser('demo01')).not.toThrow()
    expect(rememberedUser()).toBeUndefined()
  })

  it('round-trip where the page may, encoded, and are deleted with undefined', async () => {
    let jar = ''
    const doc = {}
    Object.defineProperty(doc, 'cookie', {
      get: () => jar,
      // A browser keeps name=value and drops the attributes; max-age=0 deletes.
      set: (text: string) => {
        const [pair] = text.split('; ')
        const name = pair.slice(0, pair.indexOf('='))
        const rest = jar.split('; ').filter((p) => p && !p.startsWith(`${name}=`))
        jar = (/max-age=0(;|$)/.test(text) ? rest : [...rest, pair]).join('; ')
      },
    })
    vi.stubGlobal('document', doc)
    const { readCookie, writeCookie } = await import('./index.ts')
    expect(writeCookie('lk_last_user', 'ana maría', { maxAge: 60 })).toBe(true)
    expect(jar).toBe('lk_last_user=ana%20mar%C3%ADa')
    expect(readCookie('lk_last_user')).toBe('ana maría')
    writeCookie('lk_last_user', undefined, { maxAge: 60 })
    expect(readCookie('lk_last_user')).toBeUndefined()
  })
})
