import { withinChunkTime } from '../../../sdk/ui/chunk.ts'

/** The shell's React parts a content page loads when needed (widgets/shell/on-demand.tsx), under SPEC §8's chunk time-out. */
export const loadOnDemand = withinChunkTime(() => import('../../../widgets/shell/on-demand.tsx'))

type OnDemand = Awaited<ReturnType<typeof loadOnDemand>>

/**
 * A press that needs the on-demand code: `control` is busy (`aria-busy`) until it has loaded, then
 * `action` runs, once however often it was pressed meanwhile. A load that fails leaves the control as
 * it was, for the next press to try again.
 */
export function pressWith(control: HTMLElement, action: (parts: OnDemand) => void): void {
  if (control.getAttribute('aria-busy') === 'true') return
  control.setAttribute('aria-busy', 'true')
  loadOnDemand()
    .then(action, () => undefined)
    .finally(() => control.removeAttribute('aria-busy'))
}

/** An element of `tag` with `className` (and text). */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  if (className) el.className = className
  if (text !== undefined) el.textContent = text
  return el
}
