/**
 * The shell's React parts a page shows only when needed (site/components/LeanShell.astro): the status
 * view, rendered into a node of its own. Importing this module is what loads React on a content page.
 * @module
 */
import { createRoot, type Root } from 'react-dom/client'
import StatusView, { type StatusPageProps } from './StatusPage.tsx'

let root: Root | undefined

/** Shows the status view of `kind` (maintenance, blocked, error), or takes it away (null), in a node of its own at the end of the body. */
export function showStatus(kind: StatusPageProps['kind'] | null, onRetry: () => void): void {
  if (!root) {
    const host = document.createElement('div')
    host.dataset.onDemand = 'status'
    document.body.append(host)
    root = createRoot(host)
  }
  root.render(kind ? <StatusView kind={kind} onRetry={onRetry} /> : null)
}
