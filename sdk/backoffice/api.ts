import type { CallOptions } from '../client/index.ts'
import { backofficeRoutes, type BackofficeKey, type BackofficeReply, type BackofficeRequest } from '../contract/routes/backoffice.ts'
import { getClient } from '../runtime/index.ts'

/**
 * Calls a back-office endpoint through the shared client (the operator's session rides on its
 * cookie, which the page never reads). Only the back office's code imports this table.
 * @example const me = await opsApi('opsMe')
 */
export function opsApi<K extends BackofficeKey>(key: K, input?: BackofficeRequest<K>, opts?: CallOptions): Promise<BackofficeReply<K>> {
  return getClient().request(backofficeRoutes[key], input, opts) as Promise<BackofficeReply<K>>
}
