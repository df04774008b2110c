/**
 * The shell's React parts a page shows only when needed (site/components/LeanShell.astro): the status
 * view, rendered into a node of its own. Importing this module is what loads React on a content page.
 * @module
 */
import type { ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import StatusView, { type StatusPageProps } from './StatusPage.tsx'

const roots = new Map<string, Root>()

/** Renders `node` into the page under `name` (a node of its own at the end of the body), replacing what it rendered before. */
function show(name: string, node: ReactNode): void {
  let root = roots.get(name)
  if (!root) {
    const host = document.createElement('div')
    host.dataset.onDemand = name
    document.body.append(host)
    root = createRoot(host)
    roots.set(name, root)
  }
  root.render(node)
}

/** Shows the status view of `kind` (maintenance, blocked, error), or takes it away (null). */
export function showStatus(kind: StatusPageProps['kind'] | null, onRetry: () => void): void {
  show('status', kind ? <StatusView kind={kind} onRetry={onRetry} /> : null)
}
