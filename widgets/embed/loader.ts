/**
 * `lobbykit.js`, the one script a partner adds. It defines every element at once with a light
 * stand-in class and loads an element's code only when one is in the page and near the viewport, once
 * the page has loaded and is idle (or at once when `Lobbykit.load` asks), so a page with only `<lk-jackpot>` never downloads the lobby; the stand-in
 * then becomes the element in place. Loading it twice is harmless (the second copy only replays its
 * queue), a tag is never defined twice, and commands queued before it loaded run when it does:
 *
 * ```js
 * window.Lobbykit ||= { q: [] }
 * Lobbykit.q.push(['config', { affiliateCode: 'AG01INVITE', theme: 'auto' }])
 * ```
 * @module
 */
import { loaders, namespacesOf, observedAttributes, tags, type Tag } from 'virtual:lk-elements'
import { define } from './define.ts'
import { plainGet } from '../../sdk/client/plain-get.ts'
import type { EmbedDefaults, LobbykitGlobal } from './config.ts'

declare const __LK_VERSION__: string

/** A public method's answer: never a throw into the host page. */
export type Result<T> = { data: T } | { error: { code: string; message: string } }

/** An element class as its chunk exports it: it upgrades a stand-in in place. */
type ElementClass = Awaited<ReturnType<(typeof loaders)[Tag]>>

const isTag = (name: unknown): name is Tag => typeof name === 'string' && Object.hasOwn(loaders, name)

/**
 * The chunks each element's code imports (paths from this file), written in by the build
 * (widgets/embed/vite.config.ts): they are asked for together with the element's own chunk instead
 * of after it has arrived, one round trip less before an element shows.
 */
let chunksOf: Partial<Record<Tag, readonly string[]>> = {}
try {
  chunksOf = JSON.parse('__LK_ELEMENT_CHUNKS__')
} catch {
  // Not built (unit tests): each element's chunk brings its imports itself.
}
const chunk = (file: string): Promise<unknown> => import(/* @vite-ignore */ new URL(file, import.meta.url).href)
const importsOf = (tag: Tag): Promise<unknown[]> => Promise.all((Object.hasOwn(chunksOf, tag) ? (chunksOf[tag] ?? []) : []).map(chunk))

/**
 * The message catalogue's chunk (`catalog`) and each namespace file's (`en/lobby`), without `.js`, written in by the
 * build: an element asks for its texts as soon as its code runs, so the loader asks for them beside
 * the code (the element's own request then finds them in the module map), one round trip less
 * before the element's data calls start.
 */
let messagesOf: Record<string, string> = {}
try {
  messagesOf = JSON.parse('__LK_MESSAGE_CHUNKS__')
} catch {
  // Not built (unit tests): the element asks for its texts itself.
}
/** Asks for the texts `stub` will show (its `lang`, else the page default, else English); never fails. */
function preloadTexts(tag: Tag, stub: HTMLElement, defaults: EmbedDefaults | undefined): void {
  // Own keys only: a polluted Object.prototype names no file.
  const file = (key: string) => (Object.hasOwn(messagesOf, key) ? messagesOf[key] : undefined)
  const wanted = stub.getAttribute('lang') || defaults?.lang || 'en'
  const lang = file(`${wanted}/common`) ? wanted : 'en'
  for (const name of ['catalog', ...namespacesOf[tag].map((ns) => `${lang}/${ns}`)]) {
    const path = file(name)
    if (path) chunk(`${path}.js`).catch(() => undefined)
  }
}

/**
 * The stylesheet of each element whose first screen the brand's server renders (a file beside the
 * chunks, written in by the build): with it the loader shows that HTML before the element's code.
 */
let firstPaintCss: Partial<Record<Tag, string>> = {}
try {
  firstPaintCss = JSON.parse('__LK_FIRST_PAINT_CSS__')
} catch {
  // Not built (unit tests): elements show once their code has arrived.
}
/** Where the elements find {@link stylesheetOf} (element.ts): the one stylesheet download shared with the first paint. */
const stylesheetSlot = Symbol.for('lobbykit.stylesheet')
/** The stylesheet files asked for, by file: every element (and first paint) using one adopts the same sheet. */
const sheets = new Map<string, Promise<CSSStyleSheet>>()
/**
 * The stylesheet of a first-painted element (its first paint and, once its code runs, the element
 * adopt it): downloaded once per file, not again inside the element's code. `undefined`: none.
 */
function stylesheetOf(tag: string): Promise<CSSStyleSheet> | undefined {
  const file = isTag(tag) && Object.hasOwn(firstPaintCss, tag) ? firstPaintCss[tag] : undefined
  if (!file) return undefined
  let sheet = sheets.get(file)
  if (!sheet) {
    // The element needs it to show: as long a wait as for its code (the first paint gives up sooner).
    sheet = plainGet(new URL(file, import.meta.url), 30_000)
      .then((reply) => reply.text())
      .then((text) => {
        const made = new CSSStyleSheet()
        made.replaceSync(text)
        return made
      })
    // A failed download is asked for again by the next element that needs it.
    sheet.catch(() => sheets.delete(file))
    sheets.set(file, sheet)
  }
  return sheet
}

/**
 * `html` through the page's `lobbykit` Trusted Types policy: the one sdk/html/trusted.ts makes, kept
 * in the same global slot (made here with the same rules when the loader is first; a copy, not an
 * import, so the loader stays one file without a chunk before it runs).
 */
function trustedHtml(html: string): string {
  const slot = Symbol.for('lobbykit.trustedTypesPolicy')
  type Policy = { createHTML(input: string): string }
  const g = globalThis as unknown as Record<symbol, Policy | null | undefined> & {
    trustedTypes?: { createPolicy(name: string, rules: { createHTML(input: string): string; createScriptURL(input: string): string }): Policy }
  }
  if (g[slot] === undefined) {
    try {
      g[slot] =
        g.trustedTypes?.createPolicy('lobbykit', {
          createHTML: (input) => input,
          createScriptURL: () => {
            throw new TypeError('the lobbykit policy makes no script URLs')
          },
        }) ?? null
    } catch {
      g[slot] = null
    }
  }
  return g[slot]?.createHTML(html) ?? html
}

/** Where the element finds the data its first paint was rendered from (react-host.ts). */
const firstPaintSlot = Symbol.for('lobbykit.firstPaint')
/** The button of a first paint pressed before its element hydrated (react-host.ts presses it again). */
const earlyPressSlot = Symbol.for('lobbykit.earlyPress')
const common = new Set(['platform', 'lang', 'theme', 'affiliate-code', 'sub-id'])

/**
 * Asks the brand's server for `stub`'s first screen (HTML rendered by the element's own components,
 * with the data it came from) and its stylesheet together, and shows them in the stub's shadow root
 * (the HTML through the `lobbykit` Trusted Types policy), unless the element's code came first. The
 * element hydrates that HTML from the data when its code arrives. Never fails: without it the element
 * shows when its code has arrived, as before. Resolves once the HTML is placed and its pictures on
 * the first screens are drawn ({@link picturesShown}), or there is none, so the element's code is
 * asked for after them.
 */
function paintFirst(tag: Tag, stub: HTMLElement, defaults: EmbedDefaults | undefined, waiting: () => boolean): Promise<void> {
  const css = stylesheetOf(tag)
  if (!css || stub.shadowRoot) return Promise.resolve()
  const base = new URL(import.meta.url)
  try {
    // Rendered by the origin this loader came from only (its data is that platform's).
    const platform = stub.getAttribute('platform') || defaults?.platform
    if (platform && new URL(platform).origin !== base.origin) return Promise.resolve()
  } catch {
    return Promise.resolve()
  }
  const url = new URL(`render/${tag}`, base)
  for (const name of observedAttributes[tag]) {
    const value = stub.getAttribute(name)
    if (value !== null && !common.has(name)) url.searchParams.set(name, value)
  }
  // Whether the screen is small (widgets/lobby/hooks.ts `smallScreenQuery`): phones scroll through games.
  url.searchParams.set('small', matchMedia('(max-width: 640px)').matches ? '1' : '0')
  const locale = defaults?.lang || 'en'
  url.searchParams.set('lang', stub.getAttribute('lang') || locale)
  url.searchParams.set('locale', locale)
  // The element's code waits for this: at most as long as the first paint's own request.
  const cssInTime = Promise.race([css, new Promise<never>((_, late) => setTimeout(late, 5000))])
  return Promise.all([plainGet(url).then((reply) => reply.json() as Promise<{ html: string; data: unknown }>), cssInTime])
    .then(([painted, sheet]) => {
      if (!painted.html || !waiting() || stub.shadowRoot) return
      // The page's `config` theme, as the element reflects it once it runs (its CSS keys on the attribute).
      const theme = defaults?.theme
      if (!stub.hasAttribute('theme') && (theme === 'light' || theme === 'dark' || theme === 'auto')) stub.setAttribute('theme', theme)
      const root = stub.attachShadow({ mode: 'open' })
      root.adoptedStyleSheets = [sheet]
      const box = document.createElement('div')
      box.setAttribute('part', 'root')
      box.setAttribute('data-lk-first-paint', '')
      box.innerHTML = trustedHtml(painted.html)
      // Styles through the CSSOM, which a CSP without 'unsafe-inline' allows (style attributes it refuses).
      for (const el of box.querySelectorAll<HTMLElement>('[data-lk-style]')) {
        el.style.cssText = el.dataset.lkStyle ?? ''
        el.removeAttribute('data-lk-style')
      }
      root.append(box)
      ;(stub as unknown as Record<symbol, unknown>)[firstPaintSlot] = painted.data
      // A button pressed before the element has hydrated would do nothing: the press is kept, and the
      // element presses it again once hydrated (react-host.ts). Links work as they are.
      const early = (event: Event) => {
        // Hydrating (the mark removed) or rendered afresh (the box gone): React has the clicks now.
        if (!box.isConnected || !box.hasAttribute('data-lk-first-paint')) return stub.removeEventListener('click', early, true)
        const target = event.composedPath()[0]
        const button = target instanceof Element ? target.closest('button') : null
        if (!button || !box.contains(button)) return
        event.preventDefault()
        event.stopPropagation()
        ;(stub as unknown as Record<symbol, unknown>)[earlyPressSlot] = button
      }
      stub.addEventListener('click', early, true)
      return picturesShown(box)
    })
    .catch(() => undefined)
}

/**
 * Resolves once the pictures of a first paint on the first two screens have loaded (or failed) and a
 * frame has drawn them, at most `ms` later: the code asked for meanwhile competed with them for a
 * phone's bandwidth (the first game picture arrived beside the React chunk, painted at ~2.8 s).
 */
function picturesShown(box: HTMLElement, ms = 3000): Promise<void> {
  const near = [...box.querySelectorAll('img')].filter((img) => {
    const at = img.getBoundingClientRect()
    return at.width > 0 && at.bottom > 0 && at.top < innerHeight * 2
  })
  if (near.length === 0) return Promise.resolve()
  const drawn = Promise.all(near.map((img) => img.decode().catch(() => undefined))).then(() => new Promise<void>((done) => requestAnimationFrame(() => done())))
  return Promise.race([drawn, new Promise<void>((done) => setTimeout(done, ms))])
}

const global = window as unknown as { Lobbykit?: LobbykitGlobal }
const lk: LobbykitGlobal = (global.Lobbykit ??= { q: [] })
if (!Object.hasOwn(lk, 'version')) start(lk)

function start(lk: LobbykitGlobal): void {
  lk.version = __LK_VERSION__
  ;(globalThis as unknown as Record<symbol, unknown>)[stylesheetSlot] ??= stylesheetOf
  const loading = new Map<Tag, Promise<Result<CustomElementConstructor>>>()
  const loaded = new Map<Tag, ElementClass>()
  // Stand-ins made before their code arrived (in the page or not), upgraded when it does.
  const waiting = new Map<Tag, Set<HTMLElement>>(tags.map((tag) => [tag, new Set()]))

  const load = (tag: Tag): Promise<Result<CustomElementConstructor>> => {
    let pending = loading.get(tag)
    if (!pending) {
      const defaults = Object.hasOwn(lk, 'defaults') ? lk.defaults : undefined
      for (const stub of waiting.get(tag)!) preloadTexts(tag, stub, defaults)
      // Its stylesheet beside its code (asked for already when it painted first).
      stylesheetOf(tag)?.catch(() => undefined)
      pending = Promise.all([loaders[tag](), importsOf(tag)])
        .then(([element]) => element)
        .then(
          (element) => {
            loaded.set(tag, element)
            const stubs = waiting.get(tag)!
            for (const stub of stubs) {
              near.unobserve(stub)
              upgrade(element, stub)
            }
            stubs.clear()
            return { data: customElements.get(tag) ?? element }
          },
          (cause: unknown) => {
            // A failed download is tried again when next asked for; the elements say so meanwhile.
            loading.delete(tag)
            const error = { code: 'chunk_load', message: `${tag} could not be loaded: ${String((cause as Error)?.message ?? cause)}` }
            for (const el of waiting.get(tag)!) el.dispatchEvent(new CustomEvent('lk:error', { detail: error, bubbles: true, composed: true }))
            return { error }
          },
        )
      loading.set(tag, pending)
    }
    return pending
  }

  const upgrade = (element: ElementClass, stub: HTMLElement) => {
    try {
      element.upgrade(stub)
    } catch (cause) {
      // A bad attribute value (the element names what it expected): the page hears it, nothing throws into it.
      const error = { code: 'bad_attribute', message: String((cause as Error)?.message ?? cause) }
      stub.dispatchEvent(new CustomEvent('lk:error', { detail: error, bubbles: true, composed: true }))
    }
  }

  // The partner's page comes first: element code is asked for once the page has loaded and the
  // browser is idle (at most a second later), so it never competes with the page's own scripts,
  // styles and images nor lengthens its first paint. A page whose load event is slow in coming (an
  // ad frame, a large image) waits no more than 3 s for it. `Lobbykit.load` does not wait.
  const pageSettled = new Promise<void>((settled) => {
    let asked = false
    const idle = () => {
      if (asked) return
      asked = true
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => settled(), { timeout: 1000 })
      else setTimeout(settled, 0)
    }
    if (document.readyState === 'complete') idle()
    else {
      addEventListener('load', idle, { once: true })
      setTimeout(idle, 3000)
    }
  })

  // The first paints whose pictures are still on their way.
  const painting = new Set<Promise<void>>()
  // An element's code loads when the element comes within about a screen of the viewport.
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        near.unobserve(entry.target)
        const tag = entry.target.localName
        if (!isTag(tag)) continue
        const stub = entry.target as HTMLElement
        // Its first screen as HTML at once; its code once the page has settled and that is shown, and
        // no element's code while another's first paint is still drawing its pictures (one phone link).
        const painted = paintFirst(tag, stub, Object.hasOwn(lk, 'defaults') ? lk.defaults : undefined, () => waiting.get(tag)!.has(stub))
        painting.add(painted)
        void painted.then(() => painting.delete(painted))
        void Promise.all([pageSettled, painted])
          .then(() => Promise.all(painting))
          .then(() => load(tag))
      }
    },
    { rootMargin: '100% 0px' },
  )

  /**
   * The stand-in defined for `tag`: it waits (near the viewport) for its code, then becomes the
   * element. A defined element's reactions stay those of its definition, so after the upgrade the
   * stand-in's callbacks hand over to the element's own.
   */
  const standIn = (tag: Tag): CustomElementConstructor => {
    const own = (el: HTMLElement) => Object.getPrototypeOf(el) === Stand.prototype
    class Stand extends HTMLElement {
      static observedAttributes = observedAttributes[tag]
      constructor() {
        super()
        const element = loaded.get(tag)
        if (element) upgrade(element, this)
        else waiting.get(tag)!.add(this)
      }
      connectedCallback(): void {
        if (!own(this)) {
          this.connectedCallback()
          return
        }
        near.observe(this)
        // A first interaction does not wait for the page to settle: the element comes alive at once.
        if (Object.hasOwn(firstPaintCss, tag)) for (const type of interactions) this.addEventListener(type, this.#now, { once: true, passive: true })
      }
      #now = () => void load(tag)
      disconnectedCallback(): void {
        if (!own(this)) {
          this.disconnectedCallback()
          return
        }
        near.unobserve(this)
      }
      attributeChangedCallback(name: string, old: string | null, value: string | null): void {
        // Before the upgrade nothing to do: the element reads its attributes when it arrives.
        if (!own(this)) this.attributeChangedCallback(name, old, value)
      }
    }
    return Stand
  }
  const interactions = ['pointerdown', 'focusin', 'keydown'] as const
  for (const tag of tags) define(tag, standIn(tag))

  const api = {
    /** Page-wide defaults for every element: `platform`, `lang`, `theme`, `affiliateCode`. */
    config(defaults: EmbedDefaults): Result<EmbedDefaults> {
      if (typeof defaults !== 'object' || defaults === null) return { error: { code: 'bad_config', message: `config expects an object, received ${typeof defaults}` } }
      const next: EmbedDefaults = Object.create(null) as EmbedDefaults
      for (const key of ['platform', 'lang', 'theme', 'affiliateCode'] as const) {
        const value = Object.hasOwn(lk, 'defaults') ? lk.defaults?.[key] : undefined
        const given = Object.hasOwn(defaults, key) ? defaults[key] : value
        if (given !== undefined) next[key] = String(given)
      }
      lk.defaults = next
      return { data: next }
    },
    /** Loads (and defines) an element now, e.g. before inserting one. */
    load(tag: string): Promise<Result<CustomElementConstructor>> {
      if (!isTag(tag)) return Promise.resolve({ error: { code: 'unknown_element', message: `load expects one of ${tags.join(', ')}, received "${tag}"` } })
      return load(tag)
    },
  }
  Object.assign(lk, api)

  const run = (command: unknown) => {
    const [name, ...args] = Array.isArray(command) ? command : []
    if (name === 'config') return api.config(args[0] as EmbedDefaults)
    if (name === 'load') return api.load(args[0] as string)
    console.error(`Lobbykit: unknown command ${JSON.stringify(name)} (expected "config" or "load")`)
  }
  const queued = Array.isArray(lk.q) ? lk.q.splice(0) : []
  for (const command of queued) run(command)
  lk.q = { push: (...commands: unknown[]) => (commands.forEach(run), 0) } as unknown as unknown[][]
}
