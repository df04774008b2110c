import { serviceRoutes } from '../contract/routes/service.ts'
import { roomApi } from '../runtime/index.ts'

/** Calls customer service's endpoints; their reply schemas load with this room's code, not on every page. */
export const serviceApi = roomApi(serviceRoutes)
