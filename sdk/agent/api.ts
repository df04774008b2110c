import { agentRoutes } from '../contract/routes/agent.ts'
import { roomApi } from '../runtime/index.ts'

/** Calls the agent room's endpoints; their reply schemas load with this room's code, not on every page. */
export const agentApi = roomApi(agentRoutes)
