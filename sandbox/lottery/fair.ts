import { createHmac, randomBytes } from 'node:crypto'
import { commitmentOf, drawDigits } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { type DrawSlot, type Schedule, currentDraw, pastDraws } from '../games/draws.ts'

/**
 * Provably fair draws: each draw's seed is HMAC-SHA256(server secret, `gameCode:numero`). The secret
 * never leaves the database, so nobody can tell a seed before its draw; the seed's SHA-256 (the
 * commitment) is published while the draw is open and the seed itself once it is drawn, and the
 * winning number derives from the seed alone (sdk/contract/draw.ts), so anyone can check both.
 * @module
 */

/** The sandbox's draw secret, created on first use (each database has its own). */
export async function drawSecret(q: Queryable): Promise<string> {
  await q.query('INSERT INTO lottery_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32).toString('hex')])
  const [row] = await q.query<{ secret: string }>('SELECT secret FROM lottery_secret WHERE id = 1')
  return row.secret
}

/** The server seed of one draw (hex). */
export const seedOf = (secret: string, gameCode: string, numero: string): string => createHmac('sha256', secret).update(`${gameCode}:${numero}`).digest('hex')

/** A draw as published: the seed and number stay empty until the draw has happened. */
export interface PublishedDraw {
  gameCode: string
  numero: string
  drawAt: number
  commitment: string
  seed: string
  winningNumber: string
}

/** The winning number of a draw that has happened. */
export async function winningNumberOf(secret: string, s: Schedule, numero: string): Promise<string> {
  return drawDigits(seedOf(secret, s.gameCode, numero), s.digits)
}

async function publish(secret: string, s: Schedule, slot: DrawSlot, drawn: boolean): Promise<PublishedDraw> {
  const seed = seedOf(secret, s.gameCode, slot.numero)
  return {
    gameCode: s.gameCode,
    numero: slot.numero,
    drawAt: slot.drawAt,
    commitment: await commitmentOf(seed),
    seed: drawn ? seed : '',
    winningNumber: drawn ? await drawDigits(seed, s.digits) : '',
  }
}

/**
 * The open draw (commitment only) followed by the last `count` draws (seed and number revealed).
 * @param now - epoch ms; a draw is revealed once `drawAt <= now`
 */
export async function drawHistory(secret: string, s: Schedule, now: number, count: number): Promise<PublishedDraw[]> {
  const open = await publish(secret, s, currentDraw(s, now), false)
  const past = await Promise.all(pastDraws(s, now, count).map((slot) => publish(secret, s, slot, true)))
  return [open, ...past]
}
