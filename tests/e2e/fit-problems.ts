import type { Page } from 'playwright/test'

/**
 * The fit check of tests/e2e/fit.spec.ts, shared with the journeys that check one page or popup in a
 * language (tests/e2e/languages.spec.ts): nothing scrolls sideways, no control is cut off by the screen
 * or a clipping box or covered at its centre, no label is cut mid-word by an ellipsis.
 */
/**
 * What is wrong with the page as shown (at the top, hydrated): a list of problems, empty when none.
 * `text: true` (the language journeys) also finds text cut by its box (overflow hidden or clipped, sideways
 * or below) and text cut by an ellipsis anywhere when no title or label gives it whole.
 */
export async function problemsOf(page: Page, { text = false }: { text?: boolean } = {}): Promise<string[]> {
  return page.evaluate((checkText) => {
    const out: string[] = []
    const vw = document.documentElement.clientWidth
    const vh = window.innerHeight
    const overflow = document.documentElement.scrollWidth - vw
    if (overflow > 0) out.push(`scrolls sideways by ${overflow} px`)
    const name = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) ?? '') || `${el.tagName.toLowerCase()}.${el.className}`
    const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, [role=slider], [role=tab]')].filter(
      (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !el.closest('[aria-hidden="true"], .lk-visually-hidden, [hidden], dialog:not([open])'),
    )
    // With a popup open only the popup is in reach: the page under it is covered on purpose.
    const modal = [...document.querySelectorAll<HTMLElement>('.lk-modal-cover.is-visible')].pop()
    // At the top of the page nothing may sit under the sticky header.
    const header = document.querySelector('header.lk-header')
    const headerBottom = header ? header.getBoundingClientRect().bottom : 0
    for (const el of controls) {
      if (modal && !modal.contains(el)) continue
      const box = el.getBoundingClientRect()
      if (header && !header.contains(el) && !modal && box.height > 0 && box.top < headerBottom - 0.5 && box.bottom > headerBottom) {
        out.push(`"${name(el)}" is partly under the header (${Math.round(box.top)} < ${Math.round(headerBottom)})`)
      }
      const r = el.getBoundingClientRect()
      if (r.width < 1 || r.height < 1) continue
      // Parked far off screen on purpose until focused (the skip link).
      if (r.right < -500) continue
      // Inside a strip that scrolls sideways, a control past the edge is reached by scrolling.
      let scroller: HTMLElement | null = null
      let clipper: HTMLElement | null = null
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const ox = getComputedStyle(a).overflowX
        if (ox === 'auto' || ox === 'scroll') {
          scroller = a
          break
        }
        if ((ox === 'hidden' || ox === 'clip') && !clipper) clipper = a
      }
      if (scroller) continue
      if (r.left < -1 || r.right > vw + 1) out.push(`"${name(el)}" is cut off by the screen (${Math.round(r.left)}–${Math.round(r.right)} of ${vw})`)
      else if (clipper) {
        const c = clipper.getBoundingClientRect()
        if (r.left < c.left - 1 || r.right > c.right + 1)
          out.push(`"${name(el)}" is cut off by its box (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(c.left)}–${Math.round(c.right)})`)
      }
      // Covered: what a tap at its centre reaches must be the control (only where it is on screen).
      const x = r.left + r.width / 2
      const y = r.top + r.height / 2
      if (x > 0 && x < vw && y > 0 && y < vh && getComputedStyle(el).pointerEvents !== 'none') {
        const hit = document.elementFromPoint(x, y)
        const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null
        // A bar fixed to the screen (header, bottom bar, side bars) covers what scrolls under it: scrolling reaches it.
        const pinned = (node: Element | null) => {
          for (let a = node; a && a !== document.body; a = a.parentElement) {
            const pos = getComputedStyle(a).position
            if (pos === 'fixed' || pos === 'sticky') return a
          }
          return null
        }
        const cover = pinned(hit)
        const fromBar = cover !== null && cover !== pinned(el)
        if (hit && !fromBar && !el.contains(hit) && !hit.contains(el) && !(label && (label === hit || label.contains(hit))) && !el.closest('label')?.contains(hit)) {
          out.push(`"${name(el)}" is covered by ${hit.tagName.toLowerCase()}.${String(hit.className).split(' ')[0]}`)
        }
      }
    }
    // A strip that scrolls sideways says it has more (the nav's categories: E-lottery and Lottery
    // were out of sight with no hint at 1366 px).
    const strip = document.querySelector<HTMLElement>('.lk-nav__categories')
    if (strip?.checkVisibility() && strip.scrollWidth > strip.clientWidth + 1) {
      const hint = document.querySelector<HTMLElement>('.lk-nav__more--after')
      if (!hint?.checkVisibility()) out.push('the nav hides categories with no hint')
    }
    // A label cut by an ellipsis ("Esp…"): its text is wider than its box.
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (!el.firstChild || el.children.length > 0 || !el.checkVisibility()) continue
      const cs = getComputedStyle(el)
      // Game names on cards may end in an ellipsis (the full name is the card's label); navigation, tabs,
      // buttons and form labels may not.
      if (!el.closest('header, nav, button, label, [role=tab], .lk-tabs, .lk-bottombar')) continue
      if (cs.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) out.push(`"${name(el)}" is cut mid-word`)
    }
    if (checkText) {
      const modalNow = [...document.querySelectorAll<HTMLElement>('.lk-modal-cover.is-visible')].pop()
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        const own = [...el.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent ?? '')
          .join('')
          .trim()
        if (!own || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
        if (el.closest('[aria-hidden="true"], .lk-visually-hidden, [hidden], dialog:not([open])') || (modalNow && !modalNow.contains(el))) continue
        if (el.clientWidth <= 1 || el.clientHeight <= 1) continue
        const cs = getComputedStyle(el)
        const wide = el.scrollWidth > el.clientWidth + 1
        const tall = el.scrollHeight > el.clientHeight + 1
        const whole = el.closest('[title], [aria-label]')
        const told = whole && `${whole.getAttribute('title') ?? ''} ${whole.getAttribute('aria-label') ?? ''}`.includes(own)
        if (cs.textOverflow === 'ellipsis' && wide) {
          if (!told) out.push(`"${own.slice(0, 40)}" is cut by an ellipsis with no title`)
        } else if (
          (wide && (cs.overflowX === 'hidden' || cs.overflowX === 'clip')) ||
          (tall && (cs.overflowY === 'hidden' || cs.overflowY === 'clip') && cs.webkitLineClamp === 'none')
        ) {
          out.push(`"${own.slice(0, 40)}" is cut by its box (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`)
        } else if (cs.webkitLineClamp !== 'none' && tall && !told) out.push(`"${own.slice(0, 40)}" is cut after ${cs.webkitLineClamp} lines with no title`)
      }
    }
    return [...new Set(out)]
  }, text)
}

/**
 * Chinese terms split across lines (`提款` / `记录`): on a control, tab, label, table head or heading, a line
 * break between two Chinese characters of a run that would fit the box on one line. A run wider than
 * its box may break anywhere (better than overflowing).
 */
export async function splitTermsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    const han = /\p{Script=Han}/u
    const rect = (node: Text, from: number, to: number) => {
      const range = document.createRange()
      range.setStart(node, from)
      range.setEnd(node, to)
      return range.getBoundingClientRect()
    }
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], [role=tab], label, th, h1, h2, h3, h4')) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
      const cs = getComputedStyle(el)
      const room = el.clientWidth - Number.parseFloat(cs.paddingLeft) - Number.parseFloat(cs.paddingRight)
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const s = node.data
        for (let i = 0; i + 1 < s.length; i++) {
          if (!han.test(s[i]) || !han.test(s[i + 1])) continue
          const a = rect(node, i, i + 1)
          const b = rect(node, i + 1, i + 2)
          if (a.height === 0 || b.top < a.bottom - 1) continue
          let start = i
          while (start > 0 && han.test(s[start - 1])) start--
          let end = i + 2
          while (end < s.length && han.test(s[end])) end++
          const width = Array.from({ length: end - start }, (_, k) => rect(node, start + k, start + k + 1).width).reduce((x, y) => x + y, 0)
          if (width <= room + 0.5) out.push(`"${s.slice(start, end)}" is split after "${s.slice(start, i + 1)}" (${Math.round(width)} px fits in ${Math.round(room)} px)`)
        }
      }
    }
    return [...new Set(out)]
  })
}
