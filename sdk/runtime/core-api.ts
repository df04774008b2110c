import type { ResponseOf, Route } from '../contract/index.ts'
import { coreRoutes } from '../contract/routes/core/table.ts'
import type { ApiArgs, CoreKey } from '../client/index.ts'
import { getClient } from './index.ts'

/**
 * Calls a core endpoint (sdk/contract/routes/core/table.ts) by key through the shared client. It holds the
 * whole core table, so page code does not use it: each module calls through a table of the core routes
 * it names (`roomApi({ balance })`), and a page carries only those (tests/contract/rooms.test.ts).
 * Tests and tools may.
 * @example const info = await api('memberInfo')
 */
export function api<K extends CoreKey>(key: K, ...[input, opts]: ApiArgs<K>): Promise<ResponseOf<K>> {
  return getClient().request(coreRoutes[key] as Route, input, opts) as Promise<ResponseOf<K>>
}
