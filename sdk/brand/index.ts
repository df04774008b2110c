/**
 * Brand settings in one file (SPEC §1): name, logo, colours, licences, merchant, platform, device and
 * lottery type. Partners re-brand by editing this file only.
 * @module
 */

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
  /** Dark-theme primary (needs more contrast on dark surfaces). */
  primaryDark: string
}

/** Everything brand-specific the client needs. */
export interface Brand {
  name: string
  /** Logo as an inline SVG string (no extra request, no layout shift). */
  logoSvg: string
  colours: BrandColours
  licences: readonly Licence[]
  /** Merchant code sent in the `Merchant` header. */
  merchant: string
  platform: 'web'
  device: 'WEB'
  lotteryType: 'SEA'
  /** Default currency symbol until the balance reply names one (SPEC §3). */
  currencySymbol: string
  /** Year the copyright line starts from. */
  since: number
}

/** The brand of this deployment. */
export const brand: Brand = {
  name: 'Lobbykit',
  logoSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 32" width="128" height="32" aria-hidden="true" focusable="false"><rect x="1" y="4" width="24" height="24" rx="6" fill="currentColor"/><path d="M8 10v12h10" stroke="var(--lk-primary-text,#fff)" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/><text x="32" y="23" font-family="system-ui,sans-serif" font-size="18" font-weight="700" fill="currentColor">Lobbykit</text></svg>',
  colours: { primary: '#0f7a4f', accent: '#f2b01e', primaryDark: '#2fbf83' },
  licences: [
    { id: 'malta', labelKey: 'shell_licence_malta' },
    { id: 'bvi', labelKey: 'shell_licence_bvi' },
    { id: 'philippines', labelKey: 'shell_licence_philippines' },
  ],
  merchant: 'LOBBYKIT',
  platform: 'web',
  device: 'WEB',
  lotteryType: 'SEA',
  currencySymbol: 'P',
  since: 2024,
}
