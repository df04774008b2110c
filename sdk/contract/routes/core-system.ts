/**
 * The core routes of the platform itself: status, white label, domain routes, help centre, merchant
 * wallet, public key, feedback. Part of the core table (./core.ts).
 * @module
 */
import * as v from 'valibot'
import { Empty } from '../common.ts'
import * as sys from '../system.ts'
import * as wal from '../wallet.ts'
import { e } from '../route.ts'

// ── system ──────────────────────────────────────────────────────────────────
export const status = e({ method: 'GET', path: '/wps/system/status', token: false, response: sys.StatusSchema })
export const whitelabel = e({ method: 'GET', path: '/wps/system/whitelabel', token: false, cache: 'validate', response: v.array(sys.WhitelabelNodeSchema) })
export const domainRoute = e({ method: 'GET', path: '/wps/system/domainRoute', token: false, cache: 'routers', response: v.array(sys.DomainRouteSchema) })
export const helpCenter = e({ method: 'GET', path: '/wps/system/helpCenter', token: false, response: v.array(sys.HelpEntrySchema) })
export const merchantWallet = e({ method: 'GET', path: '/wps/system/merchantWallet', token: false, cache: 'merchantWallet', response: wal.MerchantWalletSchema })
export const publicKey = e({ method: 'GET', path: '/wps/system/publicKey', token: false, response: sys.PublicKeySchema })
export const feedback = e({ method: 'PUT', path: '/wps/feedback', token: 'optional', response: Empty })
