import { useEffect } from 'react'
import { formatAmount } from '../../sdk/format/index.ts'
import { pvpRooms } from '../../sdk/games/category.ts'
import { EmptyState, ErrorState, Skeleton, useClientStore, useT } from '../ui/index.ts'
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
    <section className="lk-lobby-section lk-rooms" aria-labelledby="lk-rooms-title">
      <h2 id="lk-rooms-title" className="lk-lobby-section__title">
        {t('lobby_rooms_title')}
      </h2>
      {rooms.error ? (
        <ErrorState messageKey={rooms.error.messageKey} onRetry={() => void pvpRooms.load('', true)} />
      ) : !rooms.data ? (
        <Skeleton count={4} height={40} />
      ) : rooms.data.length === 0 ? (
        <EmptyState messageKey="lobby_rooms_empty" />
      ) : (
        <table className="lk-rooms__table">
          <thead>
            <tr>
              <th scope="col">{t('lobby_room_name')}</th>
              <th scope="col">{t('lobby_room_min_bet')}</th>
              <th scope="col">{t('lobby_room_players')}</th>
              <th scope="col">
                <span className="lk-visually-hidden">{t('lobby_room_join')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rooms.data.map((room) => {
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
          </tbody>
        </table>
      )}
    </section>
  )
}
