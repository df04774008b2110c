/**
 * The loader's per-tag tables, generated from the element classes by the embed build
 * (`elementTable` in scripts/embed-manifest.ts): nothing about an element is written twice.
 */
declare module 'virtual:lk-elements' {
  /** A Lobbykit element's tag. */
  export type Tag = `lk-${string}`
  /** Every tag the bundle provides. */
  export const tags: readonly Tag[]
  /** The attributes each element observes (its documented `@attr`s, its base class's included). */
  export const observedAttributes: Readonly<Record<Tag, readonly string[]>>
  /** The message namespaces each element shows (its `namespaces`). */
  export const namespacesOf: Readonly<Record<Tag, readonly string[]>>
  /** Loads an element's code: its class, which upgrades a stand-in in place. */
  export const loaders: Readonly<Record<Tag, () => Promise<CustomElementConstructor & { upgrade(element: HTMLElement): void }>>>
}
