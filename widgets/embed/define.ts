/**
 * A guarded define: a second loader, or another copy of the bundle on the page, never defines a tag
 * twice. The per-tag tables are generated from the elements (`virtual:lk-elements`).
 * @module
 */
/** Defines `tag` unless something already did; returns the class in use. */
export function define(tag: string, element: CustomElementConstructor): CustomElementConstructor {
  const existing = customElements.get(tag)
  if (existing) return existing
  customElements.define(tag, element)
  return element
}
