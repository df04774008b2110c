import { authRoutes } from '../contract/routes/auth.ts'
import { roomApi } from '../runtime/index.ts'

/** Calls the sign-in room's endpoints; their reply schemas load with the forms, not on every page. */
export const authApi = roomApi(authRoutes)
