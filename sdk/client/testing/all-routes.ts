import { routes } from '../../contract/all.ts'
import { roomCaller, type Client } from '../client.ts'

/**
 * The client with an `api` that reaches every room's endpoints by key. For tests only: page code calls
 * through its own room's table (sdk/runtime `roomApi`), so its pages never load the whole table.
 */
export const withAllRoutes = (client: Client) => ({ ...client, api: roomCaller(() => client, routes) })
