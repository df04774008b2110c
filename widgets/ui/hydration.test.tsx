import { atom } from 'nanostores'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Status } from '../../sdk/contract/index.ts'
import { configure } from '../../sdk/runtime/index.ts'
import { createStorage } from '../../sdk/storage/index.ts'
import { loadStatus } from '../../sdk/stores/index.ts'
import { useClientStore, useImageUrl, useMounted } from './hydration.ts'

// The server pass is what hydration must meet: these hooks must render the build-time state there
// even when the store already holds browser data (as when another island loaded it first).

function Mounted() {
  return createElement('span', null, useMounted() ? 'browser' : 'server')
}

function Account({ store }: { store: ReturnType<typeof atom<string | null>> }) {
  return createElement('span', null, useClientStore(store, null) ?? 'guest')
}

function Picture({ path }: { path: string }) {
  return createElement('img', { src: useImageUrl(path), alt: '' })
}

describe('hydration hooks on the server', () => {
  it('useMounted is false', () => {
    expect(renderToString(createElement(Mounted))).toBe('<span>server</span>')
  })

  it('useClientStore renders the initial value, not what the store holds', () => {
    const $account = atom<string | null>('demo01')
    expect(renderToString(createElement(Account, { store: $account }))).toBe('<span>guest</span>')
  })

  it('useImageUrl writes no CDN pick on the server, and no address for a path a CDN must resolve', async () => {
    configure({ storage: createStorage() })
    // The status (with its image CDN) already loaded in the browser: the server pass still writes no pick.
    await loadStatus(async () => ({ imageCDNs: ['https://cdn.example'] }) as unknown as Status)
    try {
      // A bare platform path would resolve against the page (`/es/img/…`): no src until a CDN is picked.
      const relative = renderToString(createElement(Picture, { path: 'img/logo.png' }))
      expect(relative).not.toContain('src=')
      expect(relative).not.toContain('cdn.example')
      expect(renderToString(createElement(Picture, { path: '/brand/logo.svg' }))).toContain('<img src="/brand/logo.svg"')
      expect(renderToString(createElement(Picture, { path: 'https://img.example/a.png' }))).toContain('<img src="https://img.example/a.png"')
    } finally {
      configure({ storage: createStorage() })
    }
  })
})
