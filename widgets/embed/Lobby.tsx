import { useState } from 'react'
import type { Game } from '../../sdk/contract/index.ts'
import { electronicTypes, type ElectronicType, type GameList, type GamesPage as GamesPageStore } from '../../sdk/games/index.ts'
import { useT } from '../ui/index.ts'
import { GamesPage } from '../lobby/GamesPage.tsx'
import { WinnerBoard } from '../lobby/WinnerBoard.tsx'

const labels: Record<ElectronicType, string> = { RNG: 'shell_category_rng', PVP: 'shell_category_pvp', FISH: 'shell_category_fish' }

/** Props of {@link Lobby}. */
export interface LobbyProps {
  /** The list of each category (one per element, so two lobbies keep their own filters). */
  listOf: (gameType: ElectronicType) => GameList
  /** The page store of each category's list, made beforehand (a first paint loads the first one before rendering). */
  pageOf?: (gameType: ElectronicType, list: GameList) => GamesPageStore
  onLaunch?: (game: Game) => void
  first?: ElectronicType
}

/** The embedded lobby: the game categories as tabs, the chosen category's list, the winner board. */
export function Lobby({ listOf, pageOf, onLaunch, first = 'RNG' }: LobbyProps) {
  const t = useT()
  const [gameType, setGameType] = useState<ElectronicType>(first)
  const list = listOf(gameType)
  return (
    <div className="lk-embed-lobby">
      <div className="lk-modes" role="tablist" aria-label={t('lobby_modes')} part="categories">
        {electronicTypes.map((type) => (
          <button key={type} type="button" role="tab" className="lk-chip" aria-selected={type === gameType} onClick={() => setGameType(type)}>
            {t(labels[type])}
          </button>
        ))}
      </div>
      <GamesPage key={gameType} gameType={gameType} list={list} page={pageOf?.(gameType, list)} syncAddress={false} modes={['normal', 'hot']} onLaunch={onLaunch} />
      <WinnerBoard />
    </div>
  )
}
