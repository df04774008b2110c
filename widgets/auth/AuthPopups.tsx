import { useStore } from '@nanostores/react'
import { $authModal, $changePasswordMode, answerSlider, closeAuth } from '../../sdk/auth/index.ts'
import { Modal } from '../ui/Modal.tsx'
import { ChangePasswordForm } from './ChangePasswordForm.tsx'
import { ForgotForm } from './ForgotForm.tsx'
import { GameMenu } from './GameMenu.tsx'
import { PopupBanner } from '../shell/Banner.tsx'
import { LoginForm } from './LoginForm.tsx'
import { RegisterForm } from './RegisterForm.tsx'

/** Reads the registration codes a page address may carry. */
function addressCodes(): { referralCode?: string; affiliateCode?: string } {
  if (typeof location === 'undefined') return {}
  const q = new URLSearchParams(location.search)
  return { referralCode: q.get('referralCode') ?? undefined, affiliateCode: q.get('affiliateCode') ?? q.get('code') ?? undefined }
}

/**
 * The account popups: login, register, forgot and change password per `$authModal`. `AuthHost`
 * loads this module (with the `auth` messages) the first time a popup opens and keeps it mounted.
 */
export default function AuthPopups() {
  // Only ever mounted in the browser, after hydration: the stores can be read directly.
  const modal = useStore($authModal)
  const mode = useStore($changePasswordMode)

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
