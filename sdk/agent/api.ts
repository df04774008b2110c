import { agentRoutes } from '../contract/routes/agent.ts'
import { roomApi } from '../runtime/index.ts'

/** Calls the agent room's endpoints; their reply schemas load with this room's code, not on every page. */
export const agentApi = roomApi(agentRoutes)

/**
 * The agent centre's figures move with every round and payment: each view asks again (showing the last
 * reply meanwhile), so a reply is never reused without asking.
 */
export const everyView = { freshMs: 0 } as const
