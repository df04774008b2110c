/**
 * The base of every `lk-*` element: a Lit `ReactiveElement` (no lit-html, so no Trusted Types policy
 * of its own) with the common attributes, an open shadow root with adopted styles, the platform and
 * language set up, and typed events.
 * @module
 */
import { ReactiveElement, type PropertyDeclarations, type PropertyValues } from '@lit/reactive-element'
import { $locale, isSupported, loadNamespaces, messagesOf, setLocale, translator, type Namespace, type Params } from '../../sdk/i18n/index.ts'
import type { Language } from '../../sdk/contract/index.ts'
import { bundleOrigin, pageDefaults, platformOrigin, usePlatform, version } from './config.ts'
import { emit } from './events.ts'
import { reportFunnel } from './funnel.ts'

// The loader defines every tag at once with a light stand-in class, and this code arrives later for
// elements already in the page. Such an element becomes a Lobbykit element in place (same node, so
// its attributes, properties and the page's listeners stay): its prototype is swapped and the
// element's constructors run over it. For that, this bundle's own copy of ReactiveElement gets a
// base that hands back the element being upgraded instead of constructing a new HTMLElement (which
// would throw: only the stand-in is a defined element).
let upgrading: HTMLElement | undefined
function UpgradeBase(): HTMLElement {
  const element = upgrading
  upgrading = undefined
  if (!element) throw new TypeError('lk-*: create Lobbykit elements with document.createElement')
  return element
}
Object.setPrototypeOf(ReactiveElement, UpgradeBase)

let pageLanguageSet = false
/**
 * The language the platform's data is asked in (game names, menus) and numbers are formatted in:
 * the page's `config` default. Set once, leaving the partner's storage, cookie and `<html>` alone.
 */
function pageLanguage(): void {
  if (pageLanguageSet) return
  pageLanguageSet = true
  const lang = pageDefaults().lang
  if (isSupported(lang) && lang !== $locale.get()) void setLocale(lang, { save: false }).catch(() => undefined)
}

/** `sub-id`: the partner's own label of a placement (letters, digits, `.`, `_`, `-`; up to 64). */
const subIdOf = {
  fromAttribute(value: string | null): string | undefined {
    if (value === null) return undefined
    if (!/^[\w.-]{0,64}$/.test(value)) throw new TypeError(`lk-*: sub-id expects up to 64 letters, digits, ".", "_" or "-", received "${value}"`)
    return value
  },
}

/** The loader's `stylesheetOf` (loader.ts): a first-painted element's stylesheet, shared with its first paint. */
const stylesheetSlot = Symbol.for('lobbykit.stylesheet')
type StylesheetOf = (tag: string) => Promise<CSSStyleSheet> | undefined
/** Adopted until the element's stylesheet has arrived: nothing shows unstyled meanwhile. */
let unstyled: CSSStyleSheet | undefined

/** Themes of the `theme` attribute. */
export const themes = ['light', 'dark', 'auto'] as const
export type EmbedTheme = (typeof themes)[number]

/** An attribute converter that refuses a value outside `values`, naming what it expected. */
export const oneOf = <T extends string>(attribute: string, values: readonly T[]) => ({
  fromAttribute(value: string | null): T | undefined {
    if (value === null) return undefined
    if (!(values as readonly string[]).includes(value)) throw new TypeError(`lk-*: ${attribute} expects ${values.map((v) => `"${v}"`).join(' | ')}, received "${value}"`)
    return value as T
  },
})

/**
 * Common attributes, events and styling of every Lobbykit element.
 *
 * @attr platform - Brand origin the element reads from and links to (default: the origin the loader came from).
 * @attr lang - Language: `en`, `es`, `cn` or `vi` (default `en`, or the `config` default).
 * @attr theme - `light`, `dark` or `auto` (follows the system), default `light`.
 * @attr affiliate-code - Affiliate (invitation) code carried to registration and to the brand site.
 * @attr sub-id - Your own label for this placement (`home-top`): the agent centre's funnel shows impressions, game clicks, registrations and first deposits per sub-id.
 * @event lk:ready - The element rendered for the first time. `detail: { tag, version }`.
 * @event lk:error - Something the player notices failed. `detail: { code, message }`.
 * @csspart root - The element's content box.
 * @cssproperty --lk-font - Font family.
 * @cssproperty --lk-radius - Corner radius of cards, buttons and fields (the medium radius, `--lk-radius-md`).
 * @cssproperty --lk-radius-sm - Small corner radius (tags).
 * @cssproperty --lk-radius-lg - Large corner radius (panels).
 * @cssproperty --lk-radius-pill - Fully rounded ends (badges, chips).
 * @cssproperty --lk-text-xs - Type scale, smallest step (badges, game facts); also `--lk-text-sm`, `--lk-text-md`, `--lk-text-lg`, `--lk-text-xl`, `--lk-text-2xl`.
 * @cssproperty --lk-elev-1 - Shadow of resting cards; `--lk-elev-2` raised menus; `--lk-elev-3` dialogs (defaults to `--lk-shadow`).
 * @cssproperty --lk-dur-fast - Duration of small transitions (0 when reduced motion is asked for); also `--lk-dur-base` and the easing `--lk-ease`.
 * @cssproperty --lk-bg - Page background behind the element.
 * @cssproperty --lk-surface - Cards and panels.
 * @cssproperty --lk-surface-2 - Chips, inputs and secondary panels.
 * @cssproperty --lk-text - Text colour.
 * @cssproperty --lk-text-muted - Secondary text.
 * @cssproperty --lk-border - Borders.
 * @cssproperty --lk-primary - Brand colour of primary buttons and selected chips.
 * @cssproperty --lk-primary-text - Text on the brand colour.
 * @cssproperty --lk-accent - Highlights (jackpot, hot badge).
 * @cssproperty --lk-danger - Errors.
 * @cssproperty --lk-focus - Focus ring.
 */
export class LobbykitElement extends ReactiveElement {
  static override properties: PropertyDeclarations = {
    platform: { type: String },
    lang: { converter: oneOf('lang', ['en', 'es', 'cn', 'vi']) },
    theme: { converter: oneOf('theme', themes), reflect: true },
    affiliateCode: { type: String, attribute: 'affiliate-code' },
    subId: { attribute: 'sub-id', converter: subIdOf },
  }

  declare platform: string | undefined
  declare lang: string
  declare theme: EmbedTheme | undefined
  declare affiliateCode: string | undefined
  declare subId: string | undefined

  /**
   * Makes the loader's stand-in `element` an instance of this class in place: its own properties set
   * before are kept (Lit takes them over), its attributes are read, and it connects if it is in the page.
   */
  static upgrade(element: HTMLElement): void {
    Object.setPrototypeOf(element, this.prototype)
    upgrading = element
    try {
      ;new (this as unknown as new () => LobbykitElement)()
    } finally {
      upgrading = undefined
    }
    const upgraded = element as LobbykitElement
    for (const name of (this as unknown as { observedAttributes: string[] }).observedAttributes) {
      const value = upgraded.getAttribute(name)
      if (value !== null) upgraded.attributeChangedCallback(name, null, value)
    }
    if (upgraded.isConnected) upgraded.connectedCallback()
  }

  /**
   * The element's stylesheet is its first paint's (the file the loader names, which the brand's server
   * makes from the same CSS, widgets/embed/server.tsx `stylesOf`): downloaded once for both instead of
   * carried in the element's code too. Such an element declares no `styles` of its own.
   */
  static stylesheetFile = false

  /** Settles once the stylesheet file is adopted (or has failed); the first render waits for it. */
  #styled: Promise<void> = Promise.resolve()

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const own = this.constructor as typeof LobbykitElement
    if (!own.stylesheetFile) return super.createRenderRoot()
    const root = this.shadowRoot ?? this.attachShadow(own.shadowRootOptions)
    const sheet = (globalThis as unknown as Record<symbol, StylesheetOf | undefined>)[stylesheetSlot]?.(this.localName)
    if (!sheet) {
      this.fail('styles', `lk-*: ${this.localName} has no stylesheet (load it through lobbykit.js)`)
      return root
    }
    // A first paint placed by the loader has adopted the same sheet already.
    if (!root.adoptedStyleSheets.length) {
      if (!unstyled) {
        unstyled = new CSSStyleSheet()
        unstyled.replaceSync(':host{visibility:hidden}')
      }
      root.adoptedStyleSheets = [unstyled]
    }
    this.#styled = sheet.then(
      (made) => {
        root.adoptedStyleSheets = [made]
      },
      () => {
        // Shown unstyled rather than not at all, and the page hears why.
        root.adoptedStyleSheets = []
        this.fail('network_error', `lk-*: the ${this.localName} stylesheet could not be loaded`)
      },
    )
    return root
  }

  /** Message namespaces the element shows. */
  protected namespaces: readonly Namespace[] = ['common']
  #readySent = false
  /** The language on screen: {@link language} once its messages are there. */
  protected shownLanguage: Language | undefined
  /**
   * The first language's messages have arrived (or failed to): until then a React element renders
   * nothing, so a partner's visitor never sees message keys (`lobby_all_vendors`) that would also
   * lay the element out wider than its texts do. It also waits for a {@link stylesheetFile}.
   */
  protected textsReady = false

  /** The language asked for: the `lang` attribute, else the `config` default, else English. */
  get language(): Language {
    const wanted = this.lang || pageDefaults().lang || 'en'
    return isSupported(wanted) ? wanted : 'en'
  }

  /** The first render's texts arrived (React islands follow them by themselves; plain DOM overrides this). */
  protected textsLoaded(): void {}

  /** Translates `key` in the element's language (two elements on a page may show two). */
  protected t(key: string, params?: Params): string {
    const lang = this.shownLanguage ?? this.language
    return translator(messagesOf(lang), lang)(key, params)
  }

  /** The brand origin in use (attribute, else `config` default, else the loader's origin). */
  get platformOrigin(): string {
    const value = this.platform || pageDefaults().platform
    return value ? platformOrigin(value) : bundleOrigin
  }

  /** The affiliate code in use (attribute, else `config` default). */
  get affiliate(): string {
    return (this.affiliateCode || pageDefaults().affiliateCode || '').trim()
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('platform') || !this.hasUpdated) {
      // biome-ignore lint/correctness/useHookAtTopLevel: usePlatform (config.ts) is not a React hook but a plain call that points the shared client at the platform, made from a Lit lifecycle method
      const used = usePlatform(this.platformOrigin)
      if (!used.ok) this.fail('platform', used.message)
    }
    // The page's `config` theme applies where the element names none (reflected, so the CSS sees it).
    const pageTheme = pageDefaults().theme
    if (!this.hasUpdated && !this.theme && (themes as readonly (string | undefined)[]).includes(pageTheme)) this.theme = pageTheme as EmbedTheme
    if (!this.hasUpdated) pageLanguage()
    if (changed.has('lang') || !this.hasUpdated) {
      // Each element has its own language: a change re-renders this element only, once its
      // messages are there (until then it keeps the language it shows).
      const lang = this.language
      if (!this.shownLanguage) this.shownLanguage = lang
      const textsArrived = () => {
        if (this.textsReady) return
        this.textsReady = true
        this.requestUpdate()
      }
      void Promise.all([loadNamespaces(this.namespaces, lang), this.#styled]).then(
        () => {
          if (this.language !== lang) return
          if (this.shownLanguage === lang) {
            textsArrived()
            return this.textsLoaded()
          }
          this.shownLanguage = lang
          this.requestUpdate()
        },
        () => {
          // Without its texts the element still works (it shows their keys) and says why.
          textsArrived()
          this.fail('network_error', `lk-*: the ${lang} texts could not be loaded`)
        },
      )
    }
  }

  /** Sends `lk:ready` once, after the first render the player can see. */
  protected ready(): void {
    if (this.#readySent) return
    this.#readySent = true
    emit(this, 'lk:ready', { tag: this.localName, version })
    // The affiliate's funnel: this element was shown (counted once per visitor and day by the brand).
    reportFunnel('impression', this.affiliate, this.subId, this.localName)
  }

  /** Sends `lk:error`. */
  protected fail(code: string, message: string): void {
    emit(this, 'lk:error', { code, message })
  }
}
