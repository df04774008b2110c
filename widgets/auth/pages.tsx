import { useStore } from '@nanostores/react'
import { useEffect, useState, type ReactNode } from 'react'
import { agentTypes, openCentre } from '../../sdk/centre/index.ts'
import { $resetToken } from '../../sdk/auth/index.ts'
import { $session } from '../../sdk/stores/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { ChangePasswordForm } from './ChangePasswordForm.tsx'
import { ForgotForm } from './ForgotForm.tsx'
import { LoginForm } from './LoginForm.tsx'
import { ResetLinkForm } from './ResetLinkForm.tsx'
import './auth.css'

/** An account form (or what stands for it) on a page of its own. */
export const onPage = (content: ReactNode) => <div className="lk-auth-page">{content}</div>

/** `/login`: the login form on its own page. */
export function LoginPage() {
  return onPage(<LoginForm />)
}

/** `/forget`: the forgot-password form on its own page, or the landing of an emailed reset link. */
export function ForgotPage() {
  const token = useClientStore($resetToken, null)
  return onPage(token ? <ResetLinkForm /> : <ForgotForm />)
}

/** `/changePassword`: the change-password form (asks to log in first when there is no session). */
export function ChangePasswordPage() {
  return onPage(<ChangePasswordForm />)
}

/**
 * `/agentHome`: the agent login page (only agents; success comes back here) or, for a logged-in agent,
 * the way into the agent center.
 */
export function AgentHomePage() {
  const t = useT()
  const session = useStore($session)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const agent = hydrated && Boolean(session.token) && agentTypes.includes(session.isAgent ?? 0)
  if (!agent) {
    return onPage(
      <>
        <LoginForm agentPage />
        <p className="lk-auth__note">{t('auth_agent_only_note')}</p>
      </>,
    )
  }
  return onPage(
    <>
      <h1 className="lk-auth__title">{t('auth_agent_home_title')}</h1>
      <p>{t('auth_agent_home_welcome', { account: session.account ?? '' })}</p>
      <button type="button" className="lk-button lk-button--primary" onClick={() => openCentre('agent', 'agentTeamOverview')}>
        {t('auth_agent_center_open')}
      </button>
    </>,
  )
}
