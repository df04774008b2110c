import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $authModal, $changePasswordMode, answerSlider, closeAuth, openAuth } from '../../sdk/auth/index.ts'
import { $guardWarning, dismissGuardWarning } from '../../sdk/guard/index.ts'
import { $loginPrompt } from '../../sdk/stores/index.ts'
import { warn } from '../../sdk/ui/index.ts'
import { useClientStore } from '../ui/index.ts'
import { Modal } from '../ui/Modal.tsx'
import { ChangePasswordForm } from './ChangePasswordForm.tsx'
import { ForgotForm } from './ForgotForm.tsx'
import { GameMenu } from './GameMenu.tsx'
import { PopupBanner } from '../shell/Banner.tsx'
import { LoginForm } from './LoginForm.tsx'
import { RegisterForm } from './RegisterForm.tsx'
import './auth.css'

/** Reads the registration codes a page address may carry. */
function addressCodes(): { referralCode?: string; affiliateCode?: string } {
  if (typeof location === 'undefined') return {}
  const q = new URLSearchParams(location.search)
  return { referralCode: q.get('referralCode') ?? undefined, affiliateCode: q.get('affiliateCode') ?? q.get('code') ?? undefined }
}

/**
 * The account popups of every page (mounted by the layout): login, register, forgot and change
 * password per `$authModal`; opens login when a protected action asks (`$loginPrompt`); shows the
 * real-account warning of the guard.
 */
export function AuthHost() {
  // Idle island: a header button or a guard may have opened a popup before it hydrates.
  const modal = useClientStore($authModal, null)
  const prompt = useStore($loginPrompt)
  const warning = useStore($guardWarning)
  const mode = useClientStore($changePasswordMode, 'voluntary')

  useEffect(() => {
    if (prompt && $authModal.get() === null) openAuth('login')
  }, [prompt])

  useEffect(() => {
    if (!warning) return
    void warn(warning.messageKey, warning.confirmKey).then(dismissGuardWarning)
  }, [warning])

  const close = () => {
    // A flow waiting on the slider must not hang when its popup goes away.
    answerSlider(null)
    closeAuth()
  }

  return (
    <>
      <Modal open={modal === 'login'} name="loginPopupModal" titleKey="auth_login_title" width={560} onClose={close}>
        {modal === 'login' && (
          <>
            <PopupBanner group="w_login" />
            <GameMenu />
            <LoginForm popup />
          </>
        )}
      </Modal>
      <Modal open={modal === 'register'} name="registerModal" titleKey="auth_register_title" width={480} onClose={close}>
        {modal === 'register' && <RegisterForm popup {...addressCodes()} />}
      </Modal>
      <Modal open={modal === 'forgot'} name="forgotPasswordModal" titleKey="auth_forgot_title" onClose={close}>
        {modal === 'forgot' && (
          <>
            <PopupBanner group="w_forget" />
            <ForgotForm popup />
          </>
        )}
      </Modal>
      <Modal open={modal === 'changePassword'} name="changePasswordModal" titleKey="auth_change_title" closable={mode !== 'forced'} onClose={close}>
        {modal === 'changePassword' && <ChangePasswordForm popup />}
      </Modal>
    </>
  )
}
