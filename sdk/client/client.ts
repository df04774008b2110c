import * as v from 'valibot'
import { encryptedHeader, headerNames, type coreRoutes, type EndpointKey, type Language, type RequestOf, type ResponseOf, type Route } from '../contract/index.ts'
import { publicKey } from '../contract/routes/core/site.ts'
import { clearSessionKeys, type AppStorage } from '../storage/index.ts'
import { deviceId } from '../storage/device.ts'
import { cacheKey, clearCachedReplies } from './cache.ts'
import { ApiError } from './errors.ts'
import { readReply } from './reply.ts'
import { createTransport, type RawRequest } from './transport.ts'
import { brandWire } from '../brand/index.ts'

/** How long a call waits for an answer before it fails with `timeout`, unless the client is told otherwise. */
export const defaultTimeoutMs = 15_000

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Origin of the platform API; `''` for the page's own origin. */
  baseURL: string
  /** Merchant code sent in the `Merchant` header. */
  merchant: string
  storage: AppStorage
  fetch?: typeof fetch
  /** Current language, read at every call (default `en`). */
  language?: () => Language
  /** Milliseconds before a call fails with `timeout` (default {@link defaultTimeoutMs}). */
  timeoutMs?: number
  /** Called once when the server ends the session (not once per concurrent call). */
  onSessionExpired?: () => void
  /**
   * Public reads (GET without a token) carry the merchant, language and device in the query
   * (the contract's `wireQuery`) instead of headers: from another origin they are then CORS simple requests,
   * one round trip each instead of a preflight and the call (the embed on a partner's page).
   */
  simpleReads?: boolean
  /** Called when the server answers that this session must change its password before anything else. */
  onPasswordChangeRequired?: () => void
}

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal
  /** Required on money endpoints unless the input carries `idempotencyKey`. */
  idempotencyKey?: string
  /** Skip the session cache read (the fresh reply is still stored). */
  noCache?: boolean
}

/** Arguments after the key: the input is optional only when the endpoint needs none. */
export type ApiArgs<K extends EndpointKey> = {} extends RequestOf<K> ? [input?: RequestOf<K>, opts?: CallOptions] : [input: RequestOf<K>, opts?: CallOptions]

/** Key of an endpoint every page may call (the core table); the other rooms call through their own table. */
export type CoreKey = keyof typeof coreRoutes & EndpointKey

/**
 * A configured platform client without the core table: what the pages' runtime holds (sdk/runtime),
 * so that the scripts carry only the routes their code names (see {@link Client.request}).
 */
export interface Requester {
  /**
   * Calls one route of a room's table (sdk/runtime `roomApi` types it by key): the same headers,
   * sealing, validation, retry and session cache as {@link Client.api}.
   */
  request<E extends Route>(route: E, input?: unknown, opts?: CallOptions): Promise<v.InferOutput<E['response']>>
  /** Drops every session-cached reply (login, logout, language change). */
  clearCache(): void
}

/** A configured platform client. */
export interface Client extends Requester {
  /** Calls core endpoint `key`; resolves with its validated, typed value or rejects with {@link ApiError}. */
  api<K extends CoreKey>(key: K, ...args: ApiArgs<K>): Promise<ResponseOf<K>>
}

const idempotencyPattern = /^[A-Za-z0-9_-]{16,64}$/

// Only the account calls are sealed: the Web Crypto code and the key ring load with the first of them.
const seal: typeof import('./crypto.ts').seal = async (...args) => (await import('./crypto.ts')).seal(...args)
const loadKeyring = () =>
  import('./keyring.ts').catch((cause: unknown) => {
    throw new ApiError('network_error', { cause, message: 'the sealing code could not be loaded' })
  })
type Keyring = ReturnType<typeof import('./keyring.ts').createKeyring>

/**
 * The platform client without `api` and its core table (`createClient` in ./core-client.ts adds them): calls go through the routes given to
 * `request` (sdk/runtime `roomApi`), so a page's scripts carry only the routes its code names.
 */
export function createRequester(options: ClientOptions): Requester {
  const { storage, merchant } = options
  const exchange = createTransport(options.baseURL, options.timeoutMs ?? defaultTimeoutMs, options.fetch)
  const language = () => options.language?.() ?? 'en'
  let ring: Keyring | undefined
  const keyring = async (): Promise<Keyring> => (ring ??= (await loadKeyring()).createKeyring(() => call(publicKey, {}, {})))

  function token(): string | undefined {
    const value = storage.session.get('token')
    return typeof value === 'string' && value ? value : undefined
  }

  function expire(sentToken: string): void {
    // Concurrent calls all fail with the same token; only the first still finds it stored.
    if (token() !== sentToken) return
    clearSessionKeys(storage)
    clearCachedReplies(storage.session)
    options.onSessionExpired?.()
  }

  async function call<E extends Route>(endpoint: E, input: unknown, opts: CallOptions): Promise<v.InferOutput<E['response']>> {
    const headers: Record<string, string> = {
      [headerNames.merchant]: merchant,
      [headerNames.language]: language(),
      [headerNames.device]: brandWire.device,
    }
    const sentToken = endpoint.token ? token() : undefined
    if (endpoint.token === true && !sentToken) throw new ApiError('session_expired', { message: 'no session token' })
    if (sentToken) headers[headerNames.authorization] = `Bearer ${sentToken}`
    // The sealed calls are the account calls that open sessions: the platform pays a referral once per device.
    if (endpoint.encrypt) headers[headerNames.deviceId] = deviceId(storage)

    if (endpoint.money) {
      const fromInput = (input as { idempotencyKey?: unknown } | undefined)?.idempotencyKey
      const key = opts.idempotencyKey ?? (typeof fromInput === 'string' ? fromInput : undefined)
      if (!key || !idempotencyPattern.test(key)) {
        throw new ApiError('validation_failed', { message: 'money call without an idempotency key', fields: { idempotencyKey: 'err_field_required' } })
      }
      headers[headerNames.idempotency] = key
    }

    const request: RawRequest = { method: endpoint.method, path: endpoint.path, headers, signal: opts.signal }
    if (endpoint.method === 'GET') request.query = toQuery(input)
    else if (endpoint.binary) {
      const { [endpoint.binary.field]: file, ...rest } = input as Record<string, Blob>
      request.query = toQuery(rest)
      headers['Content-Type'] = file.type
      request.body = file
    } else if (endpoint.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      request.body = new URLSearchParams(toQuery(input)).toString()
    } else if (!endpoint.encrypt) {
      headers['Content-Type'] = 'application/json'
      request.body = JSON.stringify(input ?? {})
    }
    if (endpoint.method === 'GET' && !sentToken && options.simpleReads) {
      // No header a browser would ask the platform about first: the same values, in the query.
      for (const name of ['merchant', 'language', 'device'] as const) {
        // `_merchant`, `_language`, `_device`: the contract's wireQuery.
        request.query![`_${name}`] = headers[headerNames[name]]
        delete headers[headerNames[name]]
      }
    }

    const send = async (): Promise<v.InferOutput<E['response']>> => {
      let keyId: string | undefined
      if (endpoint.encrypt) {
        const pk = await (await keyring()).get()
        keyId = pk.keyId
        headers['Content-Type'] = 'application/json'
        headers[encryptedHeader] = '1'
        request.body = JSON.stringify(await seal(pk.keyId, pk.key, input))
      }
      try {
        return readReply(await exchange(request), endpoint.response)
      } catch (error) {
        // A GET changes nothing, so one retry after a dropped connection is safe; payload methods never.
        if (endpoint.method === 'GET' && error instanceof ApiError && error.code === 'network_error' && !opts.signal?.aborted) {
          return readReply(await exchange(request), endpoint.response)
        }
        if (keyId && error instanceof ApiError && keyChanged(error) && (await (await keyring()).rotated(keyId))) {
          // The server could not open the body (stale key): it did nothing, so sealing anew is safe.
          const pk = await (await keyring()).get()
          request.body = JSON.stringify(await seal(pk.keyId, pk.key, input))
          return readReply(await exchange(request), endpoint.response)
        }
        throw error
      }
    }

    try {
      return await send()
    } catch (error) {
      if (sentToken && error instanceof ApiError && error.code === 'session_expired') expire(sentToken)
      if (sentToken && error instanceof ApiError && error.code === 'password_change_required' && token() === sentToken) options.onPasswordChangeRequired?.()
      throw error
    }
  }

  async function request<E extends Route>(endpoint: E, input?: unknown, opts: CallOptions = {}): Promise<v.InferOutput<E['response']>> {
    if (!endpoint.cache) return call(endpoint, input, opts)
    const entry = cacheKey(endpoint.cache, language(), input)
    if (!opts.noCache) {
      // Session storage is writable by anything on the page: re-validate before trusting it.
      const hit = v.safeParse(endpoint.response, storage.session.get(entry))
      if (hit.success) return hit.output
    }
    const value = await call(endpoint, input, opts)
    storage.session.set(entry, value)
    return value
  }

  return { request, clearCache: () => clearCachedReplies(storage.session) }
}

/**
 * Binds a room's table to a client: the caller it returns is typed by key like {@link Client.api}, and
 * the room's reply schemas load only with the code that imports that table.
 * @example const agentApi = roomCaller(() => client, agentRoutes); await agentApi('agentContracts')
 */
/* @__NO_SIDE_EFFECTS__ */
export function roomCaller<T extends Partial<Record<EndpointKey, Route>>>(client: () => Requester, table: T) {
  return <K extends keyof T & EndpointKey>(key: K, ...[input, opts]: ApiArgs<K>): Promise<ResponseOf<K>> =>
    client().request(table[key] as Route, input, opts) as Promise<ResponseOf<K>>
}

/**
 * The server's answer to a body sealed with a key it does not hold (rotated away, or made by another
 * platform): `key_unknown`, or, from a platform before that code, `validation_failed` + `{ keyChanged: true }`.
 */
const keyChanged = (error: ApiError): boolean =>
  error.code === 'key_unknown' || (error.code === 'validation_failed' && (error.value as { keyChanged?: unknown } | undefined)?.keyChanged === true)

/** Flat input as query/form pairs; `undefined` entries are left out. */
function toQuery(input: unknown): Record<string, string> {
  const query: Record<string, string> = {}
  if (!input || typeof input !== 'object') return query
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue
    query[name] = typeof value === 'object' ? JSON.stringify(value) : String(value)
  }
  return query
}
