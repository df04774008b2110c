/**
 * Brand settings in one file (SPEC §1): name, logo, colours, licences, merchant, platform, device and
 * lottery type; its theme and font are in ./look.ts (imported on its own: only the theme store, the head
 * script and the build read them). Partners re-brand by editing these two files only.
 * @module
 */
import { contentTimeZone } from '../contract/zone.ts'

/** A licence mark shown in the footer with its locale key for the licence text. */
export interface Licence {
  /** Stable id, also the content collection entry name. */
  id: 'malta' | 'bvi' | 'philippines'
  /** Locale key of the short mark text. */
  labelKey: string
}

/** Colours the shell applies as `--lk-*` custom properties. */
export interface BrandColours {
  primary: string
  accent: string
  /**
   * Primary colour of the dark theme (it needs more contrast on dark surfaces). Without it the dark
   * theme keeps its own gold primary (widgets/ui/ui.css).
   */
  primaryDark?: string
}

/** What the client sends and shows on the wire: small, so scripts import only this part. */
export interface BrandWire {
  /** Merchant code sent in the `Merchant` header. */
  merchant: string
  platform: 'web'
  /** Device sent in the `Device` header (SPEC: device WEB). */
  device: 'WEB'
  lotteryType: 'SEA'
  /**
   * ISO 4217 code of the money shown until the platform's status names its own (`brand.currency`):
   * its symbol, placement and decimals come from `Intl` (sdk/format), and ledger amounts are minor
   * units at that currency's exponent (PHP 2: `100` is ₱1.00; VND 0: whole đồng).
   */
  currency: string
}

/** Everything brand-specific the client needs. */
export interface Brand extends BrandWire {
  name: string
  /** Logo as an inline SVG string (no extra request, no layout shift). */
  logoSvg: string
  colours: BrandColours
  licences: readonly Licence[]
  /** Year the copyright line starts from. */
  since: number
  /**
   * The time zone editors' content dates are written in (a promotion's `starts` and `ends`): the
   * platform's own brand zone, as an IANA name.
   */
  contentTimeZone: string
}

/**
 * The wire settings of this deployment. Scripts (client, stores, formatting) import this constant
 * rather than {@link brand}, so the logo and licence list stay out of the page JavaScript.
 */
export const brandWire: BrandWire = {
  merchant: 'LOBBYKIT',
  platform: 'web',
  device: 'WEB',
  lotteryType: 'SEA',
  currency: 'PHP',
}

// Assembled by a pure call: a bundle that reads only `brandWire` (the embed's) drops the rest.
/** The brand of this deployment. */
export const brand: Brand = /* @__PURE__ */ Object.assign({}, brandWire, {
  name: 'Lobbykit',
  logoSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 32" width="128" height="32" aria-hidden="true" focusable="false"><rect x="1" y="4" width="24" height="24" rx="6" fill="currentColor"/><path d="M8 10v12h10" stroke="var(--lk-primary-text,#fff)" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/><text x="32" y="23" font-family="system-ui,sans-serif" font-size="18" font-weight="700" fill="currentColor">Lobbykit</text></svg>',
  colours: { primary: '#0f7a4f', accent: '#f2b01e' },
  licences: [
    { id: 'malta', labelKey: 'shell_licence_malta' },
    { id: 'bvi', labelKey: 'shell_licence_bvi' },
    { id: 'philippines', labelKey: 'shell_licence_philippines' },
  ],
  since: 2024,
  contentTimeZone,
} satisfies Omit<Brand, keyof BrandWire>)

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The brand hero (1200×300 SVG) shown in a banner slot from the first paint until the group's
 * banners have loaded, and under them while their images decode: the slot is never an empty box.
 * @param title - headline (already translated)
 * @param subtitle - second line (already translated)
 */
export function brandHeroSvg(title: string, subtitle: string): string {
  const { primary, accent } = brand.colours
  // A scatter of soft discs, placed deterministically, so the hero has texture without a request.
  const discs = Array.from({ length: 24 }, (_, i) => {
    const x = (i * 173) % 1200
    const y = (i * 97) % 300
    const r = 18 + ((i * 37) % 70)
    const o = (0.06 + ((i * 13) % 10) / 100).toFixed(2)
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${o}"/>`
  }).join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 300" width="1200" height="300">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${primary}"/><stop offset="1" stop-color="#0b3a5c"/></linearGradient></defs>` +
    `<rect width="1200" height="300" fill="url(#g)"/>${discs}` +
    `<rect x="60" y="206" width="180" height="8" rx="4" fill="${accent}"/>` +
    `<text x="60" y="140" font-family="system-ui,sans-serif" font-size="56" font-weight="800" fill="#fff">${escapeXml(title)}</text>` +
    `<text x="60" y="186" font-family="system-ui,sans-serif" font-size="28" fill="#fff" fill-opacity="0.9">${escapeXml(subtitle)}</text>` +
    `</svg>`
  )
}
