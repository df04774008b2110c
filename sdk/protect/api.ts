import { protectRoutes } from '../contract/routes/protect.ts'
import { roomApi } from '../runtime/index.ts'

/** Calls the player-protection room's endpoints; their reply schemas load with this room's code only. */
export const protectApi = roomApi(protectRoutes)
