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

/** A key that changes when the CDNs arrive: renderers keyed on it draw their pictures again. */
export const cdnKey = (): string => String($status.get().data?.imageCDNs?.length ?? 0)
