import { t } from '../../../sdk/i18n/index.ts'
import { $status, imageUrl } from '../../../sdk/stores/index.ts'

/** An element of `tag` with `className` (and text). */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  if (className) el.className = className
  if (text !== undefined) el.textContent = text
  return el
}

/**
 * The address of a platform image path for `<img src>`, as widgets/ui's useImageUrl: on the CDN picked
 * for it once the platform status has named the CDNs, `undefined` before (a bare path would resolve
 * against the page). Renderers follow `$status` to fill it in then.
 */
export function imageSrc(path: string): string | undefined {
  const src = imageUrl(path)
  return /^(https?:)?\/\/|^data:|^\//.test(src) ? src : undefined
}

/** A lazily loaded `<img>` of a platform image path (no `src` until the CDN is known). */
export function platformImage(path: string, alt: string, width: number, height: number, eager = false): HTMLImageElement {
  const image = element('img')
  // Lazy before the address, the order the spec's lazy-load check reads them in.
  image.loading = eager ? 'eager' : 'lazy'
  image.decoding = 'async'
  image.alt = alt
  image.width = width
  image.height = height
  const src = imageSrc(path)
  if (src) image.src = src
  return image
}

/** A copy of the icon `name` from a `<template>` of icons the server drew (`<span data-icon="name"><svg…></span>`), or an empty span. */
export const templateIcon = (icons: HTMLTemplateElement | null, name: string): Element =>
  (icons?.content.querySelector(`[data-icon="${name}"] > svg`)?.cloneNode(true) as Element | undefined) ?? element('span')

/** A key that changes when the CDNs arrive: renderers keyed on it draw their pictures again. */
export const cdnKey = (): string => String($status.get().data?.imageCDNs?.length ?? 0)

/** Puts back what `box` holds now (the server's skeleton), for while its data loads again. */
export function skeletonOf(box: HTMLElement): () => void {
  const skeleton = box.firstElementChild?.cloneNode(true)
  return () => box.replaceChildren(...(skeleton ? [skeleton.cloneNode(true)] : []))
}

/** The platform's error with a retry, as widgets/ui's ErrorState draws it. */
export function errorState(messageKey: string, retry: () => void): HTMLElement {
  const alert = element('div', 'lk-error-state')
  alert.setAttribute('role', 'alert')
  const button = element('button', 'lk-button', t('retry'))
  button.type = 'button'
  button.addEventListener('click', retry)
  alert.append(element('p', undefined, t(messageKey)), button)
  return alert
}

/** A list's "nothing here", as widgets/ui's EmptyState draws it. */
export const emptyState = (messageKey = 'empty'): HTMLElement => element('p', 'lk-empty-state', t(messageKey))

/**
 * Calls `draw` whenever any of `stores` changes and `key` (what the drawing shows, as a string) differs
 * from what was last drawn: a part is drawn again only when what it shows changes.
 */
export function drawOn(stores: readonly { subscribe(listener: () => void): () => void }[], key: () => string, draw: () => void): void {
  let shown: string | undefined
  const render = () => {
    const next = key()
    if (next === shown) return
    shown = next
    draw()
  }
  for (const store of stores) store.subscribe(render)
}

/** Starts each of `boxes` once, when it first comes near the view (as `client:paint="visible"` starts an island). */
export function whenSeen<T extends Element>(boxes: Iterable<T>, start: (box: T) => void): void {
  const seen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      seen.unobserve(entry.target)
      start(entry.target as T)
    }
  })
  for (const box of boxes) seen.observe(box)
}

/** Starts the islands waiting to be woken (the popups' hosts), and with `all` the press islands too (site/directives/paint.ts). */
export const wake = (all?: boolean): void => (window as { lkWake?: (all?: boolean) => void }).lkWake?.(all)
