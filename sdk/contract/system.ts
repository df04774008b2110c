import * as v from 'valibot'
import { text } from './common.ts'

/** Whitelabel module flags named by the spec (modId values of the whitelabel tree). */
export const whitelabelFlags = [
  'MOBILEVERCODELOGIN3', // verification-code (SMS) login
  'DIRECTREG3', // direct registration (header register button)
  'MANPLAYREB3', // manual rebate page
  'USERNAMEREG3', // registration by username
  'MOBILENUMREG3', // registration by mobile number
  'MOBILENUMPASSREG3', // mobile registration asks for a password
  'FREEPLAY3', // free play (one-click trial)
  'REGSMS3', // SMS verification on registration
  'PHONELOGIN3', // phone number + password login
  'FBLOGIN3', // Facebook sign-in
  'GOOGLELOGIN3', // Google sign-in
  'THIRDPARTYSMS3', // third-party phone auth (firebase-like)
  'COUNTRYCODE3', // country dialing code picker
  'PWDEXPIRY3', // forced change on password expiry
  'PHONEVERIFY3', // forgot password by phone
  'LOGINONLY3', // logged-in-only access rule
  'SECONDSTEP3', // second-step verification from an unregistered address
] as const
export type WhitelabelFlag = (typeof whitelabelFlags)[number]

export interface WhitelabelNode {
  modId: string
  enabled: boolean
  childrenNodes: WhitelabelNode[]
}
/** Whitelabel module tree (recursive). */
export const WhitelabelNodeSchema: v.GenericSchema<WhitelabelNode> = v.object({
  modId: text(64),
  enabled: v.boolean(),
  childrenNodes: v.array(v.lazy(() => WhitelabelNodeSchema)),
})

// The registration rules, countries, captcha and slider schemas are in ./registration.ts (out of every first load).

export const CustomerServiceSchema = v.object({
  csPosition: v.picklist(['LIVECHAT-1', 'WHATSAPP-1', 'TELEGRAM-1', 'TELEGRAM-2', 'VIP-1']),
  /** `VIP`, `LIVECHAT`, `WHATSAPP`, `TELEGRAM`, or `3` (encrypted path whose last 8 characters are the key). */
  csType: v.picklist(['VIP', 'LIVECHAT', 'WHATSAPP', 'TELEGRAM', '3']),
  path: text(2000),
  label: text(64),
})
export type CustomerService = v.InferOutput<typeof CustomerServiceSchema>

export const ResourceSchema = v.object({
  resourceType: v.picklist(['IOS', 'ANDROID', 'LITE', 'LOGO', 'FAVICON']),
  url: text(2000),
  qrCodeUrl: text(2000),
  labelNameEn: text(128),
})

export const BrandSchema = v.object({
  name: text(64),
  platform: v.literal('web'),
  device: v.literal('WEB'),
  lotteryType: v.literal('SEA'),
  /**
   * ISO 4217 code of the platform's money (`PHP`, `VND`): shown by `Intl`, ledger minor units at its
   * exponent; without it, the brand's (sdk/brand `currency`).
   */
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/))),
  /** The platform's time zone (IANA): every date a player sees is shown in it, and the page names it. */
  timeZone: v.optional(text(64), 'UTC'),
})

/** Permission info / system status (SPEC §3, §4): decides normal app, maintenance or region-blocked. */
export const StatusSchema = v.object({
  /** 0 normal, 1 maintenance, 2 region blocked (SPEC §4). */
  systemStatus: v.picklist([0, 1, 2]),
  maintenance: v.object({
    enabled: v.boolean(),
    title: text(200),
    info: text(2000),
    endTime: v.nullable(text(40)),
  }),
  regionRestriction: v.object({ enabled: v.boolean(), message: text(500) }),
  location: v.object({ ip: text(64), countryCode: text(2) }),
  brand: BrandSchema,
  whitelabel: v.array(WhitelabelNodeSchema),
  resources: v.array(ResourceSchema),
  customerService: v.array(CustomerServiceSchema),
  analytics: v.object({ gtagId: text(64) }),
  domainRoute: v.array(v.object({ domainName: text(255) })),
  imageCDNs: v.array(text(500)),
  launchGameCDNs: v.array(text(500)),
  /** True while the platform runs the payment simulator in production: its deposits are fake (said on every page's console). */
  paymentSimulator: v.optional(v.boolean()),
})
export type Status = v.InferOutput<typeof StatusSchema>

export const PublicKeySchema = v.object({
  keyId: text(64),
  /** RSA-OAEP (SHA-256) public key, SPKI DER, base64. */
  spki: text(4000),
})
