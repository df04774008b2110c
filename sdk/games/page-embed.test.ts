import { atom } from 'nanostores'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GameList } from './list.ts'
import { createGamesPage } from './page.ts'

// In a file of its own: it loads the page module afresh under the embed's build flag, and the module
// registry it resets is the file's, so the launches of page.test.ts (whose rules load on demand) would
// load a second copy of the stores after it and raise their login prompt where the test does not look.

/** A list the page is built with and never opens here. */
const idleList = () => ({ $state: atom({ name: '', vendor: '' }) }) as unknown as GameList

afterEach(() => vi.unstubAllGlobals())

describe("the embed's games page", () => {
  it('has no launcher of its own in the embed, where an element launches on the brand site; the site page has one', async () => {
    expect(createGamesPage({ list: idleList(), gameType: 'RNG', syncAddress: false }).launcher?.$launching.get()).toBeNull()
    vi.stubGlobal('__LK_EMBED__', true)
    vi.resetModules()
    const embedded = await import('./page.ts')
    expect(embedded.createGamesPage({ list: idleList(), gameType: 'RNG', syncAddress: true }).launcher).toBeUndefined()
  })
})
