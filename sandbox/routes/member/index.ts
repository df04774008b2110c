import type { RouteModule } from '../../http/handle.ts'
import { registerMemberInfoRoutes } from './info.ts'
import { registerBadgeRoutes } from './badges.ts'
import { registerRegistrationRoutes } from './registration.ts'
import { registerPasswordRoutes } from './password.ts'
import { registerConsolidatedRoutes } from './consolidated.ts'
import { registerRaffleRoutes } from './raffle.ts'

/** The member routes, one module per resource: member info and avatar, header badges, registration, password, consolidated config, raffle claims. */
export const memberRoutes: readonly RouteModule[] = [
  registerMemberInfoRoutes,
  registerBadgeRoutes,
  registerRegistrationRoutes,
  registerPasswordRoutes,
  registerConsolidatedRoutes,
  registerRaffleRoutes,
]
