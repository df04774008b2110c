import { atom, onMount, type ReadableAtom } from 'nanostores'
import type { ResponseOf } from '../contract/index.ts'
import { authApi } from './api.ts'
import { ask, createFetcherStore, hold, untilAsked, type RemoteValue } from '../stores/query.ts'
import { createThrottle } from '../stores/timers.ts'

/** A captcha as the server issued it. */
export type Captcha = ResponseOf<'captcha'>

/** One form's captcha image. */
export interface CaptchaStore {
  /** The image shown: the first one is asked when something shows it, then kept until {@link reload}. */
  $captcha: ReadableAtom<RemoteValue<Captcha>>
  /** Loads a new image now (after a failed or consumed check). */
  reload(): Promise<void>
  /** User asked for another image: honoured at most once a second; `false` when ignored. */
  refresh(): boolean
  /** The id to send with the typed answer. */
  id(): string | undefined
}

let forms = 0

/**
 * Creates the captcha store of one form (its own key: two forms never share an image). Every captcha
 * is single use on the server, so a form reloads it after each submit that sent it.
 */
export function createCaptcha(now: () => number = Date.now): CaptchaStore {
  // Nothing is asked until the form shows the image or reloads it (a server render asks nothing).
  const $asked = atom<number | false>(false)
  const $captcha = createFetcherStore<Captcha>([`captcha#${++forms}`, '|', $asked], () => authApi('captcha', {}, { noCache: true }), untilAsked)
  onMount($captcha, () => {
    $asked.set(1)
    hold($captcha)
  })
  const throttle = createThrottle(1000, now)
  const reload = async (): Promise<void> => {
    $asked.set(1)
    const asked = ask($captcha)
    // id() reads the image's id whether or not the image is shown: kept once asked.
    hold($captcha)
    await asked
  }
  return {
    $captcha,
    reload,
    refresh() {
      if (!throttle()) return false
      void reload()
      return true
    },
    id: () => $captcha.get().data?.captchaId,
  }
}
