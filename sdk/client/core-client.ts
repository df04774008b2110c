import type { ResponseOf, Route } from '../contract/index.ts'
import { coreRoutes } from '../contract/routes/core/table.ts'
import { createRequester, type ApiArgs, type Client, type ClientOptions, type CoreKey } from './client.ts'

// Not in the client barrel (./index.ts): `api` by key holds the whole core table, which page code
// leaves out (it calls through the routes it names); tests, tools and partners' scripts import this.
/**
 * Creates the platform client: headers, encryption, reply validation, retries, timeouts, session
 * cache and session expiry, all driven by the endpoint table.
 * @example
 * const client = createClient({ baseURL: '', merchant: 'LOBBYKIT', storage: browserStorage() })
 * const { sumBalance } = await client.api('balance')
 */
export function createClient(options: ClientOptions): Client {
  const requester = createRequester(options)
  const api = <K extends CoreKey>(key: K, ...[input, opts]: ApiArgs<K>): Promise<ResponseOf<K>> =>
    requester.request(coreRoutes[key] as Route, input, opts) as Promise<ResponseOf<K>>
  return { ...requester, api }
}
