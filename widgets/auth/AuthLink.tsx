import type { MouseEvent, ReactNode } from 'react'
import { openAuth, type AuthModal } from '../../sdk/auth/index.ts'
import { pages } from '../../sdk/pages/index.ts'
import { useT } from '../ui/index.ts'

/** Page of each account popup, for links that work without the popup. */
const pageOf: Record<AuthModal, string> = { login: pages.login, register: pages.register, forgot: pages.forget, changePassword: pages.changePassword }

/** Props of {@link AuthLink}. */
export interface AuthLinkProps {
  to: AuthModal
  /** Inside a popup the link switches popups instead of leaving the page. */
  popup?: boolean
  children: ReactNode
}

/** A link to an account page that, inside a popup, opens that popup instead (SPEC §2). */
export function AuthLink({ to, popup = false, children }: AuthLinkProps) {
  const onClick = (event: MouseEvent) => {
    if (!popup) return
    event.preventDefault()
    openAuth(to)
  }
  return (
    <a href={pageOf[to]} className="lk-auth__link" onClick={onClick}>
      {children}
    </a>
  )
}

/** The text of a link to each account page. */
const labelOf: Record<Exclude<AuthModal, 'changePassword'>, string> = { login: 'auth_login_link', register: 'auth_register_link', forgot: 'auth_forgot_link' }

/** Links to other account pages, each with its own text (see {@link AuthLink}). */
export function AuthLinks({ to, popup = false }: { to: readonly Exclude<AuthModal, 'changePassword'>[]; popup?: boolean }) {
  const t = useT()
  return to.map((target) => (
    <AuthLink key={target} to={target} popup={popup}>
      {t(labelOf[target])}
    </AuthLink>
  ))
}
