import { loginWithProvider, type AuthOutcome, type LoginOptions } from '../../sdk/auth/index.ts'
import { $flags } from '../../sdk/stores/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { noFlags } from './initial.ts'

/** Props of {@link SocialButtons}. */
export interface SocialButtonsProps {
  options?: LoginOptions
  onResult: (outcome: AuthOutcome) => void
}

/** Facebook and Google sign-in buttons, each shown only when its switch (FBLOGIN3, GOOGLELOGIN3) is on. */
export function SocialButtons({ options, onResult }: SocialButtonsProps) {
  const t = useT()
  const flags = useClientStore($flags, noFlags)
  if (!flags.FBLOGIN3 && !flags.GOOGLELOGIN3) return null
  const go = (provider: 'facebook' | 'google') => void loginWithProvider(provider, options).then(onResult)
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
