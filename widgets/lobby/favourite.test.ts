import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSession } from '../../sandbox/auth/sessions.ts'
import { startSandbox, type Sandbox } from '../../sandbox/testing.ts'
import { $favouriteError, $favouriteIds } from '../../sdk/games/index.ts'
import { configure } from '../../sdk/runtime/index.ts'
import { createStorage } from '../../sdk/storage/index.ts'
import { setSession } from '../../sdk/stores/index.ts'
import { $dialogs } from '../../sdk/ui/index.ts'
import { toggleFavouriteOrWarn } from './favourite.ts'

// The star of a game card (games page, category page, vendor popup) against the reference platform.

let sb: Sandbox

/** Waits for the dialog `toggleFavouriteOrWarn` opens, and answers it. */
async function answerDialog(): Promise<string | undefined> {
  const dialog = await vi.waitFor(
    () => {
      const open = $dialogs.get().at(-1)
      if (!open) throw new Error('no dialog yet')
      return open
    },
    { timeout: 10_000 },
  )
  dialog.resolve('ok')
  return dialog.messageKey
}

beforeAll(async () => {
  sb = await startSandbox()
})
afterAll(() => sb?.close())

beforeEach(async () => {
  const [m] = await sb.db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', ['member21'])
  configure({ storage: createStorage(), baseURL: sb.url, merchant: 'LOBBYKIT' })
  setSession({ token: await createSession(sb.db, m.id, Date.now(), '127.0.0.1'), isAgent: 0 })
  $favouriteIds.set(new Set())
  $favouriteError.set(undefined)
  $dialogs.set([])
})

describe('toggling a favourite from a card', () => {
  it('adds the game without a word when the platform agrees', async () => {
    await toggleFavouriteOrWarn({ nodeId: 'PG-0003' })
    expect($favouriteIds.get().has('PG-0003')).toBe(true)
    expect($dialogs.get()).toEqual([])
  })

  it('warns why when the platform refuses, every time, and leaves no error behind', async () => {
    for (let i = 0; i < 2; i++) {
      const done = toggleFavouriteOrWarn({ nodeId: 'NOPE-9999' })
      expect(await answerDialog()).toBe('err_not_found')
      await done
      // The star is back off, and the error was consumed by the warning.
      expect($favouriteIds.get().has('NOPE-9999')).toBe(false)
      expect($favouriteError.get()).toBeUndefined()
    }
  })
})
