import type { RouteModule } from '../../http/handle.ts'
import { registerLotteryMenuRoutes } from './menus.ts'
import { registerLotteryResultRoutes } from './results.ts'
import { registerLotteryLaunchRoutes } from './launch.ts'
import { registerMissionRoutes } from './missions.ts'

/** The lottery routes, one module per resource: menus, results and draws, launch, missions. */
export const lotteryRoutes: readonly RouteModule[] = [registerLotteryMenuRoutes, registerLotteryResultRoutes, registerLotteryLaunchRoutes, registerMissionRoutes]
