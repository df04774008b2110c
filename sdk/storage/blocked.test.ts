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
