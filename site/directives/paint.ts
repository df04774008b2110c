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
 * Registered in astro.config.mjs; Astro inlines it once in each page that uses it.
 * @module
 */
import type { ClientDirective } from 'astro'

type PaintWindow = Window & { lkStatus?: Promise<unknown>; lkPainted?: Promise<void> }

const directive: ClientDirective = (load, options, el) => {
  const w = window as PaintWindow
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
    await (await load())()
    el.removeEventListener('click', early, true)
    // React hydrates what the press lands on first, then handles it.
    if (pressed) setTimeout(() => pressed?.click())
  }
  const early = (event: Event) => {
    const button = (event.target as Element).closest('button')
    if (!button) return
    event.preventDefault()
    event.stopPropagation()
    pressed = button
    hydrate()
  }
  if (options.value) el.addEventListener('click', early, true)
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
