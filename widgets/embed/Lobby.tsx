import { useState } from 'react'
import type { Game } from '../../sdk/contract/index.ts'
import { electronicTypes, type ElectronicType, type GameList } from '../../sdk/games/index.ts'
import { useT } from '../ui/index.ts'
import { GamesPage } from '../lobby/GamesPage.tsx'
import { WinnerBoard } from '../lobby/WinnerBoard.tsx'

const labels: Record<ElectronicType, string> = { RNG: 'shell_category_rng', PVP: 'shell_category_pvp', FISH: 'shell_category_fish' }

/** Props of {@link Lobby}. */
export interface LobbyProps {
  /** The list of each category (one per element, so two lobbies keep their own filters). */
  listOf: (gameType: ElectronicType) => GameList
  onLaunch: (game: Game) => void
  first?: ElectronicType
}

/** The embedded lobby: the game categories as tabs, the chosen category's list, the winner board. */
export function Lobby({ listOf, onLaunch, first = 'RNG' }: LobbyProps) {
  const t = useT()
  const [gameType, setGameType] = useState<ElectronicType>(first)
  return (
    <div className="lk-embed-lobby">
      <div className="lk-modes" role="tablist" aria-label={t('lobby_modes')} part="categories">
        {electronicTypes.map((type) => (
          <button key={type} type="button" role="tab" className="lk-chip" aria-selected={type === gameType} onClick={() => setGameType(type)}>
            {t(labels[type])}
          </button>
        ))}
      </div>
      <GamesPage key={gameType} gameType={gameType} list={listOf(gameType)} syncAddress={false} modes={['normal', 'hot']} onLaunch={onLaunch} />
      <WinnerBoard />
    </div>
  )
}
