import type { RouteModule } from '../../http/handle.ts'
import { registerChallengeRoutes } from './challenges.ts'
import { registerLoginRoutes } from './login.ts'
import { registerFreeplayRoutes } from './freeplay.ts'
import { registerSmsRoutes } from './sms.ts'

/** The session routes, one module per resource: bot checks, login and logout, free play, SMS code sends. */
export const sessionRoutes: readonly RouteModule[] = [registerChallengeRoutes, registerLoginRoutes, registerFreeplayRoutes, registerSmsRoutes]
