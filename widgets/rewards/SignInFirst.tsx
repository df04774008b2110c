import { openLoginPrompt } from '../../sdk/stores/index.ts'
import { useT } from '../ui/index.ts'

/** What a reward page shows a guest: why, and the sign-in button. */
export function SignInFirst({ messageKey }: { messageKey: string }) {
  const t = useT()
  return (
    <div className="lk-rewards__guest">
      <p>{t(messageKey)}</p>
      <button type="button" className="lk-button lk-button--primary" onClick={() => openLoginPrompt('required')}>
        {t('rewards_sign_in')}
      </button>
    </div>
  )
}
