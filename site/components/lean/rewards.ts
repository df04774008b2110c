import { t } from '../../../sdk/i18n/index.ts'
import type { Remote } from '../../../sdk/stores/query.ts'
import { drawOn, element, errorState, wake } from './press.ts'

/**
 * What the script-only reward pages a guest gets (vip.ts, mall.ts) share: the sign-in box, a part drawn
 * from the platform with its loading and error states, and the hand-over to React.
 * @module
 */

/** What a reward page shows a guest instead of their own standing: why to sign in, and the button (SignInFirst.tsx). */
export function signInFirst(messageKey: string, signIn: () => void): HTMLElement {
  const box = element('div', 'lk-rewards__guest')
  const button = element('button', 'lk-button lk-button--primary', t('rewards_sign_in'))
  button.type = 'button'
  button.addEventListener('click', () => {
    // The login popup is the shell's popup host: its code loads now.
    wake()
    signIn()
  })
  box.append(element('p', undefined, t(messageKey)), button)
  return box
}

/**
 * Draws `store`'s data in the place of `skeleton` (the server's, kept for while it loads): the platform's
 * error with a retry, the skeleton, or `content` of the data. Drawn again when the data, or what `also`
 * follows (the CDNs a picture's address needs), changes what `keyOf` says is shown.
 */
export function drawLoaded<T>(
  store: Remote<T>,
  skeleton: Element,
  content: (data: T) => Element,
  { keyOf = (data: T) => JSON.stringify(data), also = [] }: { keyOf?: (data: T) => string; also?: readonly { subscribe(listener: () => void): () => void }[] } = {},
): void {
  const placeholder = skeleton.cloneNode(true) as Element
  let shown = skeleton
  const show = (next: Element) => {
    shown.replaceWith(next)
    shown = next
  }
  drawOn(
    [store, ...also],
    () => {
      const { data, error } = store.get()
      if (error && !data) return `error\u0000${error.messageKey}`
      return data ? `data\u0000${keyOf(data)}` : 'loading'
    },
    () => {
      const { data, error } = store.get()
      if (error && !data) show(errorState(error.messageKey, () => store.revalidate()))
      else if (!data) show(placeholder.cloneNode(true) as Element)
      else show(content(data))
    },
  )
}

/**
 * Shows `page` (the script's drawing of a guest's page) in place of `island` until the island starts:
 * React then takes the page over, and the drawing leaves.
 */
export function overIsland(island: HTMLElement, page: HTMLElement): void {
  page.dataset.lean = ''
  island.addEventListener(
    'astro:hydrate',
    () => {
      page.remove()
      island.style.removeProperty('display')
    },
    { once: true },
  )
  island.style.display = 'none'
  island.before(page)
}
