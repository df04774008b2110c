import { describe, expect, it, vi } from 'vitest'
import { $locale } from '../i18n/index.ts'
import { $loggedIn } from '../stores/index.ts'
import './favourites.ts'
import './list.ts'
import './lobby.ts'
import './recent.ts'

describe('games module', () => {
  it('starts nothing when imported: the page list follows the session and language only while shown', async () => {
    const before = { locale: $locale.lc, loggedIn: $loggedIn.lc }
    const { gameList } = await import('./index.ts')
    expect({ locale: $locale.lc, loggedIn: $loggedIn.lc }).toEqual(before)

    vi.useFakeTimers()
    try {
      const stop = gameList.$state.listen(() => {})
      expect($locale.lc).toBe(before.locale + 1)
      expect($loggedIn.lc).toBe(before.loggedIn + 1)
      stop()
      // nanostores unmounts a store a second after its last listener leaves.
      vi.advanceTimersByTime(1_100)
      expect({ locale: $locale.lc, loggedIn: $loggedIn.lc }).toEqual(before)
    } finally {
      vi.useRealTimers()
    }
  })
})
