import { signInHere } from '../../sdk/rewards/index.ts'
import { useT } from '../ui/index.ts'

/** What a reward page shows a guest: why, and the sign-in button (the login comes back to the page). */
export function SignInFirst({ messageKey }: { messageKey: string }) {
  const t = useT()
  return (
    <div className="lk-rewards__guest">
      <p>{t(messageKey)}</p>
      <button type="button" className="lk-button lk-button--primary" onClick={() => signInHere()}>
        {t('rewards_sign_in')}
      </button>
    </div>
  )
}
