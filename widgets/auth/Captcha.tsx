import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import type { CaptchaStore } from '../../sdk/auth/index.ts'
import { useT } from '../ui/index.ts'

/** Props of {@link Captcha}. */
export interface CaptchaProps {
  store: CaptchaStore
}

/**
 * Captcha image (from `/wps/captcha`) as a button: clicking loads a new one, at most once a second.
 * Loads the first image when shown.
 */
export function Captcha({ store }: CaptchaProps) {
  const t = useT()
  const { data, loading, error } = useStore(store.$captcha)
  useEffect(() => {
    if (!store.$captcha.get().data) void store.reload()
  }, [store])
  return (
    <button type="button" className="lk-captcha" onClick={() => store.refresh()} aria-label={t('auth_captcha_refresh')} aria-busy={loading || undefined}>
      {data ? <img src={`data:image/png;base64,${data.image}`} alt={t('auth_captcha_alt')} width={132} height={44} /> : <span>{t(error ? 'auth_captcha_failed' : 'loading')}</span>}
    </button>
  )
}
