import { useStore } from '@nanostores/react'
import type { CaptchaStore } from '../../sdk/auth/index.ts'
import { useT } from '../ui/index.ts'

/** Props of {@link Captcha}. */
export interface CaptchaProps {
  store: CaptchaStore
}

/**
 * Captcha image (from `/wps/captcha`) as a button: clicking loads a new one, at most once a second.
 * Showing it asks for the first image (the store's own doing).
 */
export function Captcha({ store }: CaptchaProps) {
  const t = useT()
  const { data, loading, error } = useStore(store.$captcha)
  return (
    <button type="button" className="lk-captcha" onClick={() => store.refresh()} aria-label={t('auth_captcha_refresh')} aria-busy={loading || undefined}>
      {data ? <img src={`data:image/png;base64,${data.image}`} alt={t('auth_captcha_alt')} width={132} height={44} /> : <span>{t(error ? 'auth_captcha_failed' : 'loading')}</span>}
    </button>
  )
}
