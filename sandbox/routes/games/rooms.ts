import type { Hono } from 'hono'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'

/**
 * PvP rooms, of one game when asked.
 * @module
 */

/**
 * Mounts the room-list endpoint.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerRoomRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'roomList', async (input, ctx) => {
    const rows = await ctx.db.query<{ room_id: string; node_id: string; game_code: string; name: string; min_bet: number; players: number; capacity: number }>(
      `SELECT r.room_id, r.node_id, g.game_code, r.name, r.min_bet, r.players, r.capacity FROM rooms r JOIN games g ON g.node_id = r.node_id
       WHERE ($1::text IS NULL OR g.game_code = $1) ORDER BY length(r.room_id), r.room_id LIMIT 200`,
      [input.gameCode ?? null],
    )
    return rows.map((r) => ({
      roomId: r.room_id,
      nodeId: r.node_id,
      gameCode: r.game_code,
      name: r.name,
      minBet: Number(r.min_bet) / 100,
      players: Number(r.players),
      capacity: Number(r.capacity),
    }))
  })
}
