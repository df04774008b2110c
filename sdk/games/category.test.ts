import { describe, expect, it } from 'vitest'
import { sortRooms } from './category.ts'

const room = (roomId: string, name: string) => ({ roomId, name })

describe('PvP rooms', () => {
  it('sort by their number, not as text', () => {
    const rooms = [
      room('R100', 'Novice 100'),
      room('R10', 'Novice 10'),
      room('R1', 'Novice 1'),
      room('R2', 'Classic 2'),
      room('R11', 'Pro 11'),
      room('RX', 'Lounge'),
      room('R3', 'Pro 3'),
    ]
    expect(sortRooms(rooms).map((r) => r.name)).toEqual(['Novice 1', 'Classic 2', 'Pro 3', 'Novice 10', 'Pro 11', 'Novice 100', 'Lounge'])
    // Names without a number fall back to the id's.
    expect(sortRooms([room('R12', 'Gold'), room('R9', 'Silver')]).map((r) => r.roomId)).toEqual(['R9', 'R12'])
  })
})
