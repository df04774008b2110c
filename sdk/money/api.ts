import { moneyRoutes } from '../contract/routes/money.ts'
import { roomApi } from '../runtime/index.ts'

/** Calls the money room's endpoints; their reply schemas load with this room's code, not on every page. */
export const moneyApi = roomApi(moneyRoutes)
