/**
 * The React tree an element renders around its island, the same in the browser (react-host.ts) and
 * in the server's first paint (server.tsx), so hydration meets the HTML the server wrote: the
 * element's language, stores shown live from the first render (their values are the data the server
 * rendered from), and the pictures the server rendered.
 * @module
 */
import { createElement, useEffect, type ReactNode } from 'react'
import { LanguageContext } from '../ui/i18n.ts'
import { LiveHydration } from '../ui/hydration.ts'
import { ServerPictures } from '../lobby/LazyImage.tsx'
import { RenderedMedia } from '../lobby/hooks.ts'

function Committed({ onCommit, children }: { onCommit: () => void; children?: ReactNode }) {
  useEffect(onCommit)
  return children
}

const noCommit = () => {}

/** What a server render was made with, for hydration to render the same: its pictures and media query answers. */
export interface Rendered {
  pictures?: Readonly<Record<string, string>>
  media?: Readonly<Record<string, boolean>>
}

/** `view` in its element's contexts; `onCommit` runs after each commit (the element's `lk:ready`). */
export function viewTree(view: ReactNode, lang: string | undefined, rendered: Rendered = {}, onCommit: () => void = noCommit): ReactNode {
  const inner = createElement(LanguageContext.Provider, { value: lang as never }, createElement(Committed, { onCommit }, view))
  return createElement(
    LiveHydration.Provider,
    { value: true },
    createElement(ServerPictures.Provider, { value: rendered.pictures }, createElement(RenderedMedia.Provider, { value: rendered.media }, inner)),
  )
}
