/**
 * A Lobbykit element that shows one of the site's React islands in its shadow root. Attribute
 * changes render the island again; removing the element unmounts it, so the stores it listened to
 * stop their timers and requests.
 * @module
 */
import { createElement, startTransition, useEffect, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { PropertyValues } from '@lit/reactive-element'
import { LanguageContext } from '../ui/i18n.ts'
import { LobbykitElement } from './element.ts'
import { renderStoreChangesAsTransitions } from './use-store.ts'

renderStoreChangesAsTransitions()

function Committed({ onCommit, children }: { onCommit: () => void; children?: ReactNode }) {
  useEffect(onCommit)
  return children
}

/** Base of the React-backed elements: subclasses say what to render in {@link ReactHostElement.view}. */
export abstract class ReactHostElement extends LobbykitElement {
  #root: Root | undefined
  #container: HTMLElement | undefined

  /** The island to show, from the element's current attributes. */
  protected abstract view(): ReactNode

  /** Runs once before the first render and again after each reconnect (per-instance state). */
  protected setUp(): void {}
  /** Undoes {@link setUp} when the element leaves the page. */
  protected tearDown(): void {}

  override connectedCallback(): void {
    super.connectedCallback()
    // Moved or re-added: mount again (the first connection renders through the update cycle).
    if (this.hasUpdated && !this.#root) this.requestUpdate()
  }

  protected override update(changed: PropertyValues<this>): void {
    super.update(changed)
    // The first render waits for the element's texts (see `textsReady`).
    if (!this.textsReady) return
    if (!this.#root) {
      this.setUp()
      this.#container = document.createElement('div')
      this.#container.setAttribute('part', 'root')
      this.renderRoot.append(this.#container)
      this.#root = createRoot(this.#container)
    }
    const root = this.#root
    // The islands translate in this element's language (useT reads the context).
    const view = createElement(LanguageContext.Provider, { value: this.shownLanguage }, createElement(Committed, { onCommit: () => this.ready() }, this.view()))
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
    this.tearDown()
  }
}
