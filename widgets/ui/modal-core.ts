/**
 * What every modal does while it is open, whoever draws it (React's `Modal.tsx`, or the content pages'
 * script-only dialogs in site/components/lean/dialog.ts): the page does not scroll, only the innermost
 * modal answers Escape and keeps Tab inside it, focus moves in and goes back on close. No React here.
 * @module
 */

/** Fade duration of modals (SPEC §9). */
export const modalFadeMs = 100

/** What takes the focus when a modal opens: its first field or control (the panel itself when it has none). */
const firstFocus = '[autofocus], input:not([type=hidden]):not([readonly]), button, [href], select, textarea'
const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

let scrollLocks = 0
// Open modals, innermost last: only the innermost answers Escape and keeps focus inside it.
const stack: symbol[] = []

/**
 * Holds the page while the modal `name` is open: scroll fixed, the keys (Escape calls `onEscape` when
 * given; Tab cycles inside `panel()`), the focus moved into the panel on the next frame. Returns the
 * release, which gives the focus back to what had it before.
 */
export function holdModal(name: string, panel: () => HTMLElement | null, onEscape?: () => void): () => void {
  const previous = document.activeElement as HTMLElement | null
  const self = Symbol(name)
  stack.push(self)
  scrollLocks += 1
  document.documentElement.classList.add('lk-scroll-locked')
  const frame = requestAnimationFrame(() => {
    const root = panel()
    ;(root?.querySelector<HTMLElement>(firstFocus) ?? root)?.focus()
  })
  const onKey = (event: KeyboardEvent) => {
    if (stack[stack.length - 1] !== self) return
    if (event.key === 'Escape' && onEscape) {
      event.stopPropagation()
      onEscape()
    }
    const root = panel()
    if (event.key === 'Tab' && root) trapFocus(event, root)
  }
  document.addEventListener('keydown', onKey)
  return () => {
    cancelAnimationFrame(frame)
    document.removeEventListener('keydown', onKey)
    stack.splice(stack.indexOf(self), 1)
    scrollLocks -= 1
    if (scrollLocks === 0) document.documentElement.classList.remove('lk-scroll-locked')
    previous?.focus?.()
  }
}

function trapFocus(event: KeyboardEvent, root: HTMLElement): void {
  const controls = [...root.querySelectorAll<HTMLElement>(focusable)]
  if (controls.length === 0) return
  const first = controls[0]
  const last = controls[controls.length - 1]
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}
