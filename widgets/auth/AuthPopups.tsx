import { useStore } from '@nanostores/react'
import { $authModal, $authOrigin, $changePasswordMode, answerSlider, closeAuth, openAuth } from '../../sdk/auth/index.ts'
import { useT } from '../ui/index.ts'
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

/** The header login popup's forgot-password icon (SPEC §2 "Header variant"): a named button that opens the forgot-password popup. */
function ForgotIcon() {
  const t = useT()
  return (
    <button type="button" className="lk-field__toggle" aria-label={t('auth_forgot_icon')} title={t('auth_forgot_icon')} onClick={() => openAuth('forgot')}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="10" />
        <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.5" />
      </svg>
    </button>
  )
}

/**
 * The account popups: login (opened from the site header: with the forgot-password icon), register,
 * forgot and change password per `$authModal`. `AuthHost`
 * loads this module (with the `auth` messages) the first time a popup opens and keeps it mounted.
 */
export default function AuthPopups() {
  // Only ever mounted in the browser, after hydration: the stores can be read directly.
  const modal = useStore($authModal)
  const mode = useStore($changePasswordMode)
  const origin = useStore($authOrigin)

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
            <LoginForm popup passwordExtra={origin === 'header' && <ForgotIcon />} />
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
