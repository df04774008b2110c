import { rewardRoutes } from '../contract/routes/rewards.ts'
import { roomApi } from '../runtime/index.ts'

/** Calls the rewards room's endpoints; their reply schemas load with this room's code, not on every page. */
export const rewardsApi = roomApi(rewardRoutes)
