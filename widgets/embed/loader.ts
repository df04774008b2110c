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

const global = window as unknown as { Lobbykit?: LobbykitGlobal }
const lk: LobbykitGlobal = (global.Lobbykit ??= { q: [] })
if (!Object.hasOwn(lk, 'version')) start(lk)

function start(lk: LobbykitGlobal): void {
  lk.version = __LK_VERSION__
  const loading = new Map<Tag, Promise<Result<CustomElementConstructor>>>()
  const loaded = new Map<Tag, ElementClass>()
  // Stand-ins made before their code arrived (in the page or not), upgraded when it does.
  const waiting = new Map<Tag, Set<HTMLElement>>(tags.map((tag) => [tag, new Set()]))

  const load = (tag: Tag): Promise<Result<CustomElementConstructor>> => {
    let pending = loading.get(tag)
    if (!pending) {
      const defaults = Object.hasOwn(lk, 'defaults') ? lk.defaults : undefined
      for (const stub of waiting.get(tag)!) preloadTexts(tag, stub, defaults)
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

  // An element's code loads when the element comes within about a screen of the viewport.
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        near.unobserve(entry.target)
        const tag = entry.target.localName
        if (isTag(tag)) void pageSettled.then(() => load(tag))
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
      }
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
