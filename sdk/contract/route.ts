import type * as v from 'valibot'

/** Names of the replies the client keeps in sessionStorage (SPEC §3 "cached responses in session"). */
export type CacheName = 'notice' | 'consolidated' | 'routers' | 'validate' | 'settings' | 'merchantWallet' | 'vendorLanes'

/** How an endpoint is called and what it answers: all the client needs to call it. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The only place a path is written. */
  path: string
  /** `true`: needs the session token; `'optional'`: sends it when present; `false`: never. */
  token: boolean | 'optional'
  /** Body encrypted with the platform public key (AES-GCM key wrapped with RSA-OAEP). */
  encrypt?: boolean
  /** Body sent form-encoded instead of JSON. */
  form?: boolean
  /** Reply cached for the browser session under this name. */
  cache?: CacheName
  /** Moves money: never retried without the same idempotency key. */
  money?: boolean
  /**
   * The body is a file's raw bytes (an image), sent with its own content type: `field` names the input
   * field holding it (a Blob), the rest of the input goes in the query; the platform reads at most
   * `maxBytes` and names a larger file under `field` with the `tooLarge` message key.
   */
  binary?: { field: string; maxBytes: number; tooLarge: string }
  /** Schema of the envelope's `value`. */
  response: v.GenericSchema
}

/** Checks an entry against {@link Route} while keeping its literal type. */
// Marked pure, so a bundle that never reads a room's table drops it with its reply schemas.
export const e = /* @__NO_SIDE_EFFECTS__ */ <const T extends Route>(x: T) => x
