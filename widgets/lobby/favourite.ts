import type { Game } from '../../sdk/contract/index.ts'
import { $favouriteError, toggleFavourite } from '../../sdk/games/index.ts'
import { warn } from '../../sdk/ui/index.ts'

/**
 * Toggles a favourite from a card and, when the call fails, tells the player why: the star has
 * already snapped back (`toggleFavourite` restores it), and without a word the tap would look
 * ignored. The error is cleared as it is shown, so the next failure warns again. A module function,
 * so it is the same handler on every render (the memoised cards do not re-render for it).
 * @example <GameCard game={game} onToggleFavourite={toggleFavouriteOrWarn} … />
 */
export async function toggleFavouriteOrWarn(game: Pick<Game, 'nodeId'>): Promise<void> {
  await toggleFavourite(game)
  const error = $favouriteError.get()
  if (!error) return
  $favouriteError.set(undefined)
  await warn(error.messageKey)
}
