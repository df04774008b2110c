/**
 * `client:paint`, the hydration directive of the shell's islands: an island loads and hydrates only
 * after the page's first paint with content, so its script neither delays that paint (downloads and
 * evaluation compete with the page's own bytes and CPU on a phone) nor runs while the page is still
 * hidden. On a guest's protected page the head script keeps the page hidden (`lk-gated`) until its
 * status call answers; the islands wait for that call to settle (answered or failed, the status gate
 * needs to hydrate either way), then for the next frame to be painted. `client:paint="idle"` waits
 * for the browser's next idle period after that too, for islands nobody needs at first sight, and
 * `client:paint="visible"` until the island comes into view (a hidden page's islands all intersect,
 * so Astro's own `client:visible` would load those in the first screen before the paint). A button of
 * such a waiting island pressed before it has hydrated hydrates it at once, and the press is made
 * again once it has (links work without it): nothing pressed early is lost.
 *
 * The shell (site/layouts/Page.astro) loads no React until a press needs it:
 * `client:paint="press"` hydrates an island only when one of its buttons (or a link marked
 * `data-press`, or its select) is used, and `client:paint="wake"` (the popups' hosts, the phone nav
 * with the drawer the header's Menu opens) on a press of its own buttons or when any island of the
 * page has started (`window.lkWake()`; `lkWake(true)` starts the press islands too). The pressed control is busy (`aria-busy`) while the code loads, within
 * SPEC §8's chunk time-out (sdk/ui/chunk.ts); the press is then made again, once. A load that fails
 * leaves the control as it was (a link goes where it points), and the next press tries again.
 * Registered in astro.config.mjs; Astro inlines it once in each page that uses it.
 * @module
 */
import type { ClientDirective } from 'astro'
import { languagePickAttr, languagePickKey } from '../../sdk/shell/language-pick.ts'
import { chunkTimeoutMs } from '../../sdk/ui/chunk-time.ts'

type PaintWindow = Window & { lkStatus?: Promise<unknown>; lkPainted?: Promise<void>; lkWake?: (all?: boolean) => void }

/** What a press on an island waiting for one is made on: its buttons, its links marked `data-press` (not what the shell's script added, `data-lean`, which works by itself). */
const pressable = 'button:not([data-lean]), a[data-press]'

// `lkWake()` starts the islands waiting to be woken (the popups' hosts), as any island of the page does
// once it has started; `lkWake(true)` the press islands too (a signed-in member's header). Astro runs
// this module once per page, before its first island.
let wake = () => {}
let wakeAll = () => {}
const woken = new Promise<void>((resolve) => {
  wake = resolve
})
const allWoken = new Promise<void>((resolve) => {
  wakeAll = resolve
})
;(window as PaintWindow).lkWake = (all) => {
  wake()
  if (all) wakeAll()
}

const directive: ClientDirective = (load, options, el) => {
  const w = window as PaintWindow
  const lazy = options.value === 'press' || options.value === 'wake'
  // Every island of the page waits on the one promise, made by the first; the status call is read
  // before the status gate takes it.
  w.lkPainted ??= new Promise<void>((resolve) => {
    // The task after the frame's callbacks runs once that frame is painted. A page opened in a
    // background tab paints (and so hydrates) when it is first shown.
    const afterFrame = () => requestAnimationFrame(() => setTimeout(resolve))
    const status = w.lkStatus
    if (status) status.then(afterFrame, afterFrame)
    else afterFrame()
  })
  let started = false
  let pressed: HTMLElement | null = null
  const hydrate = async () => {
    if (started) return
    started = true
    try {
      // SPEC §8's chunk time-out (a settled race ignores the later refusal).
      const start = await Promise.race([load(), new Promise<never>((_, refuse) => setTimeout(refuse, chunkTimeoutMs))])
      // What the shell's script added to the server HTML meanwhile (site/components/LeanShell.astro)
      // leaves, so React finds the HTML it rendered; the island renders the same once it runs.
      for (const added of el.querySelectorAll('[data-lean]')) added.remove()
      await start()
    } catch {
      // Not arrived in time, or failed: the control is as it was and the next press tries again; a
      // link still goes where it points.
      started = false
      const failed = pressed
      pressed = null
      failed?.removeAttribute('aria-busy')
      if (failed instanceof HTMLAnchorElement) location.assign(failed.href)
      return
    }
    el.removeEventListener('click', early, true)
    el.removeEventListener('change', picked, true)
    wake()
    // React hydrates what the press lands on first, then handles it.
    const again = pressed
    again?.removeAttribute('aria-busy')
    if (again) setTimeout(() => again.click())
  }
  const early = (event: Event) => {
    const control = (event.target as Element).closest<HTMLElement>(options.value === 'press' ? pressable : 'button')
    if (!control) return
    event.preventDefault()
    event.stopPropagation()
    // Pressed again while the code loads: one press, made once it has.
    pressed?.removeAttribute('aria-busy')
    pressed = control
    control.setAttribute('aria-busy', 'true')
    hydrate()
  }
  // A language picked before the header hydrated is kept by the head script and taken at hydration.
  const picked = () => hydrate()
  if (options.value) el.addEventListener('click', early, true)
  if (options.value === 'press') el.addEventListener('change', picked, true)
  // A language picked while the page was still being read, before this ran, reached none of these
  // listeners: the head script kept it, and the island holding the select starts now to take it.
  if (options.value === 'press' && (w as unknown as Record<string, unknown>)[languagePickKey] !== undefined && el.querySelector(`[${languagePickAttr}]`)) hydrate()
  if (lazy) {
    ;(options.value === 'wake' ? woken : allWoken).then(hydrate)
    return
  }
  w.lkPainted.then(() => {
    if (options.value === 'idle' && 'requestIdleCallback' in window) requestIdleCallback(hydrate, { timeout: 2000 })
    else if (options.value === 'visible') {
      const seen = new IntersectionObserver((entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        seen.disconnect()
        hydrate()
      })
      for (const child of el.children) seen.observe(child)
    } else hydrate()
  })
}

export default directive
