/**
 * A Lobbykit element that shows one of the site's React islands in its shadow root. Attribute
 * changes render the island again; removing the element unmounts it, so the stores it listened to
 * stop their timers and requests.
 * @module
 */
import { startTransition, type ReactNode } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import type { PropertyValues } from '@lit/reactive-element'
import { LobbykitElement } from './element.ts'
import { renderStoreChangesAsTransitions } from './use-store.ts'
import { seedReplies } from '../../sdk/client/replay.ts'
import type { FirstPaintData } from './first-paint.ts'
import { viewTree, type Rendered } from './view-tree.ts'

renderStoreChangesAsTransitions()

/** Where the loader keeps the data of the first paint it placed in an element's shadow root (loader.ts). */
const firstPaintSlot = Symbol.for('lobbykit.firstPaint')
/** The attribute of the container the loader placed the first paint's HTML in. */
const firstPaintMark = 'data-lk-first-paint'
/** A button of the first paint pressed before hydration (the loader keeps it): pressed again once hydrated. */
const earlyPressSlot = Symbol.for('lobbykit.earlyPress')

/** Base of the React-backed elements: subclasses say what to render in {@link ReactHostElement.view}. */
export abstract class ReactHostElement extends LobbykitElement {
  #root: Root | undefined
  #container: HTMLElement | undefined
  /** The first paint being hydrated (its stores loading from its data). */
  #hydrating = false
  /** Attributes changed while hydrating: render once hydrated. */
  #stale = false
  #rendered: Rendered = {}

  /** The island to show, from the element's current attributes. */
  protected abstract view(): ReactNode

  /** Runs once before the first render and again after each reconnect (per-instance state). */
  protected setUp(): void {}
  /** Undoes {@link setUp} when the element leaves the page. */
  protected tearDown(): void {}

  /**
   * Gets the stores ready to hydrate the server's first paint made from `data` (its replies are the
   * fetch's answers by now): resolves with what stops the loading's listeners once React listens,
   * or `undefined` when this first paint is not the element's (other attributes or language): the
   * element then renders afresh. Elements without a first paint keep this default.
   */
  protected fromFirstPaint(_data: FirstPaintData): Promise<(() => void) | undefined> {
    return Promise.resolve(undefined)
  }

  /** The loader's first paint in the shadow root, taken once. */
  #takeFirstPaint(): { container: HTMLElement; data: FirstPaintData } | undefined {
    const holder = this as unknown as { [firstPaintSlot]?: FirstPaintData }
    const data = holder[firstPaintSlot]
    delete holder[firstPaintSlot]
    const container = [...this.renderRoot.children].find((el): el is HTMLElement => el.hasAttribute(firstPaintMark))
    if (!container) return undefined
    if (!data) {
      container.remove()
      return undefined
    }
    return { container, data }
  }

  #tree(): ReactNode {
    return viewTree(this.view(), this.shownLanguage, this.#rendered, () => this.ready())
  }

  #mount(): void {
    this.#container = document.createElement('div')
    this.#container.setAttribute('part', 'root')
    this.renderRoot.append(this.#container)
    this.#root = createRoot(this.#container)
  }

  /** Hydrates the server's HTML in `container` from `data` once the stores hold it; renders afresh when it cannot. */
  #hydrate(container: HTMLElement, data: FirstPaintData): void {
    this.#container = container
    this.#hydrating = true
    this.#stale = false
    const done = (stop: (() => void) | undefined) => {
      this.#hydrating = false
      if (this.#container !== container || !this.isConnected) return stop?.()
      if (!stop) {
        container.remove()
        this.#rendered = {}
        this.#mount()
        this.requestUpdate()
        return
      }
      container.removeAttribute(firstPaintMark)
      this.#rendered = { pictures: data.pictures, media: data.media }
      this.#root = hydrateRoot(container, this.#tree(), {
        // A mismatch is React's to repair (it renders the island afresh); the partner page hears of it.
        onRecoverableError: (error) => this.fail('hydration', String((error as Error)?.message ?? error)),
      })
      // The components listen from their first commit; the loading's listeners go a moment later.
      setTimeout(stop, 1000)
      // A press made before hydration: React hydrates what it lands on first, then handles it.
      const holder = this as unknown as Record<symbol, unknown>
      const pressed = holder[earlyPressSlot]
      delete holder[earlyPressSlot]
      if (pressed instanceof HTMLElement && container.contains(pressed)) setTimeout(() => pressed.click(), 0)
      // Attributes changed while the stores loaded: render them (else nothing renders during hydration).
      if (this.#stale) this.requestUpdate()
      this.#stale = false
    }
    this.fromFirstPaint(data).then(done, () => done(undefined))
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Moved or re-added: mount again (the first connection renders through the update cycle).
    if (this.hasUpdated && !this.#root) this.requestUpdate()
  }

  protected override update(changed: PropertyValues<this>): void {
    super.update(changed)
    // The first render waits for the element's texts (see `textsReady`).
    if (!this.textsReady) return
    if (this.#hydrating) {
      this.#stale = true
      return
    }
    if (!this.#root) {
      // The server's first paint, when the loader placed one: its replies answer the stores' first calls.
      const painted = this.#takeFirstPaint()
      if (painted) seedReplies(painted.data.replies)
      this.setUp()
      if (painted) {
        this.#hydrate(painted.container, painted.data)
        return
      }
      this.#mount()
    }
    const root = this.#root
    if (!root) return
    // The islands translate in this element's language (useT reads the context).
    const view = this.#tree()
    // A transition renders in slices that yield to the partner's page (input, its own scripts) instead
    // of one long task: a long list on a phone would otherwise block the page for a second.
    startTransition(() => root.render(view))
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#root?.unmount()
    this.#root = undefined
    this.#container?.remove()
    this.#container = undefined
    this.#hydrating = false
    this.#rendered = {}
    this.tearDown()
  }
}
