import { useEffect } from 'react'
import { formatAmount } from '../../sdk/format/index.ts'
import { pvpRooms } from '../../sdk/games/category.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { LoadStates } from '../ui/LoadStates.tsx'
import { Table } from '../ui/Table.tsx'
import { LobbySection } from './Section.tsx'
import { useLaunch } from './useLaunch.ts'
import './lobby.css'

const notLoaded = { loading: false } as const

/**
 * PvP rooms: name, minimum bet, seats taken; joining launches the room's game. PvP pages mount it
 * below the games page (below the fold: it hydrates when the browser is idle).
 */
export function PvpRooms() {
  const t = useT()
  const rooms = useClientStore(pvpRooms.of(''), notLoaded)
  const { launching, start } = useLaunch()
  useEffect(() => void pvpRooms.load(''), [])

  return (
    <LobbySection id="lk-rooms-title" className="lk-rooms" title={t('lobby_rooms_title')}>
      <LoadStates state={rooms} onRetry={() => void pvpRooms.load('', true)} rows={4} empty={(list) => list.length === 0} emptyKey="lobby_rooms_empty">
        {(list) => (
          <Table className="lk-rooms__table" heads={['lobby_room_name', 'lobby_room_min_bet', 'lobby_room_players', { key: 'lobby_room_join', hidden: true }]}>
            {list.map((room) => {
              const full = room.players >= room.capacity
              const nodeId = room.nodeId
              return (
                <tr key={room.roomId}>
                  <th scope="row">{room.name}</th>
                  <td>{formatAmount(room.minBet)}</td>
                  <td>{t('lobby_room_seats', { players: room.players, capacity: room.capacity })}</td>
                  <td>
                    <button
                      type="button"
                      className="lk-button lk-button--primary"
                      disabled={full || !nodeId}
                      aria-busy={launching === nodeId || undefined}
                      // A full room's button says so; its name is in the row (the label must contain the visible text, WCAG 2.5.3).
                      aria-label={full ? undefined : t('lobby_room_join_named', { name: room.name })}
                      onClick={() => nodeId && void start({ nodeId, gameCode: room.gameCode, gameType: 'PVP', vassalage: '', vendor: '', isGame: 'GAME', defaultPlayType: '' })}
                    >
                      {full ? t('lobby_room_full') : t('lobby_room_join')}
                    </button>
                  </td>
                </tr>
              )
            })}
          </Table>
        )}
      </LoadStates>
    </LobbySection>
  )
}
