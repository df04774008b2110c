import { $flags } from '../../sdk/stores/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { noFlags } from './initial.ts'

/** Props of {@link SocialButtons}. */
export interface SocialButtonsProps {
  /** Signs in with the provider (the login form store's `byProvider`); called from the click itself, so the popup is allowed. */
  onProvider: (provider: 'facebook' | 'google') => unknown
}

/** Facebook and Google sign-in buttons, each shown only when its switch (FBLOGIN3, GOOGLELOGIN3) is on. */
export function SocialButtons({ onProvider }: SocialButtonsProps) {
  const t = useT()
  const flags = useClientStore($flags, noFlags)
  if (!flags.FBLOGIN3 && !flags.GOOGLELOGIN3) return null
  const go = (provider: 'facebook' | 'google') => void onProvider(provider)
  return (
    <div className="lk-social" role="group" aria-label={t('auth_social_title')}>
      {flags.FBLOGIN3 && (
        <button type="button" className="lk-button lk-social__facebook" onClick={() => go('facebook')}>
          <span aria-hidden="true">f</span> {t('auth_social_facebook')}
        </button>
      )}
      {flags.GOOGLELOGIN3 && (
        <button type="button" className="lk-button lk-social__google" onClick={() => go('google')}>
          <span aria-hidden="true">G</span> {t('auth_social_google')}
        </button>
      )}
    </div>
  )
}
