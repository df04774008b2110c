import { atom, onMount } from 'nanostores'
import { toApiError, type ApiError } from '../client/index.ts'
import type { Game } from '../contract/index.ts'
import { guard } from '../guard/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/site.ts'
import { $loggedIn } from '../stores/session.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/site.ts).
const api = roomApi({ favouriteIds: core.favouriteIds, favouriteRemove: core.favouriteRemove, favouriteAdd: core.favouriteAdd })

/** Node ids of the member's favourite games (empty when logged out). */
export const $favouriteIds = atom<ReadonlySet<string>>(new Set())
/** The last favourite call that failed, for the UI to show; cleared by the next success. */
export const $favouriteError = atom<ApiError | undefined>(undefined)

const changeListeners = new Set<() => void>()
let loadedFor = 0

/** Loads the favourite ids (skipped when logged out). Never rejects. */
export async function loadFavourites(): Promise<void> {
  if (!$loggedIn.get()) return $favouriteIds.set(new Set())
  const mine = ++loadedFor
  try {
    const ids = await api('favouriteIds', {})
    if (mine === loadedFor) $favouriteIds.set(new Set(ids))
  } catch (error) {
    if (mine === loadedFor) $favouriteError.set(toApiError(error))
  }
}

/** Whether `nodeId` is a favourite right now. */
export const isFavourite = (nodeId: string): boolean => $favouriteIds.get().has(nodeId)

/**
 * Toggles a favourite (SPEC §4): removes it when it is one, else adds it. Needs a login (the prompt
 * opens otherwise). The ids change at once and are replaced by the server's list, or restored when
 * the call fails. Resolves whether the game is now a favourite.
 */
export async function toggleFavourite(game: Pick<Game, 'nodeId'>): Promise<boolean> {
  const before = $favouriteIds.get()
  if (!guard('play').ok) return before.has(game.nodeId)
  const removing = before.has(game.nodeId)
  const optimistic = new Set(before)
  if (removing) optimistic.delete(game.nodeId)
  else optimistic.add(game.nodeId)
  $favouriteIds.set(optimistic)
  loadedFor++
  try {
    const ids = await api(removing ? 'favouriteRemove' : 'favouriteAdd', { nodeId: game.nodeId })
    $favouriteIds.set(new Set(ids))
    $favouriteError.set(undefined)
    for (const listener of changeListeners) listener()
  } catch (error) {
    $favouriteIds.set(before)
    $favouriteError.set(toApiError(error))
  }
  return $favouriteIds.get().has(game.nodeId)
}

/** Calls `listener` after every successful favourite change (the list reloads its fav mode). */
export function onFavouritesChanged(listener: () => void): () => void {
  changeListeners.add(listener)
  return () => changeListeners.delete(listener)
}

// Loaded while anything shows favourites, and again whenever the session changes.
onMount($favouriteIds, () => $loggedIn.subscribe(() => void loadFavourites()))
