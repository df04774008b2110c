import type { RouteModule } from '../../http/handle.ts'
import { registerRewardCentreRoutes } from './centre.ts'
import { registerMallRoutes } from './mall.ts'
import { registerActivityRoutes } from './activities.ts'

/** The rewards engine's routes: member centre reward pages, point mall, promotion activities. */
export const rewardRoutes: readonly RouteModule[] = [registerRewardCentreRoutes, registerMallRoutes, registerActivityRoutes]
