import { atom, type ReadableAtom } from 'nanostores'
import type { ResponseOf } from '../contract/index.ts'
import { authApi } from './api.ts'
import { loadInto, type Loadable } from '../stores/loadable.ts'
import { createThrottle } from './timers.ts'

/** A captcha as the server issued it. */
export type Captcha = ResponseOf<'captcha'>

/** One form's captcha image. */
export interface CaptchaStore {
  $captcha: ReadableAtom<Loadable<Captcha>>
  /** Loads a new image now (after a failed or consumed check). */
  reload(): Promise<void>
  /** User asked for another image: honoured at most once a second; `false` when ignored. */
  refresh(): boolean
  /** The id to send with the typed answer. */
  id(): string | undefined
}

/**
 * Creates the captcha store of one form. Every captcha is single use on the server, so a form reloads
 * it after each submit that sent it.
 */
export function createCaptcha(now: () => number = Date.now): CaptchaStore {
  const $captcha = atom<Loadable<Captcha>>({ loading: false })
  const throttle = createThrottle(1000, now)
  const reload = async (): Promise<void> => {
    await loadInto($captcha, () => authApi('captcha', {}, { noCache: true }))
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
