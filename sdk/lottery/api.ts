import { lotteryRoutes } from '../contract/routes/lottery.ts'
import { roomApi } from '../runtime/index.ts'

/** Calls the lottery room's endpoints; their reply schemas load with this room's code, not on every page. */
export const lotteryApi = roomApi(lotteryRoutes)
