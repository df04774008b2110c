import type { RouteModule } from '../../http/handle.ts'
import { registerStatusRoutes } from './status.ts'
import { registerSettingRoutes } from './settings.ts'
import { registerFeedbackRoutes } from './feedback.ts'

/** The system routes, one module per resource: status, the settings the client reads, feedback. */
export const systemRoutes: readonly RouteModule[] = [registerStatusRoutes, registerSettingRoutes, registerFeedbackRoutes]
