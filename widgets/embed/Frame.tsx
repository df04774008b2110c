import { useState, type ReactNode } from 'react'
import { roomApi } from '../../sdk/runtime/index.ts'
import * as core from '../../sdk/contract/routes/core/embed.ts'
import { brandWire } from '../../sdk/brand/index.ts'
import { $loggedIn, $status, loadStatus } from '../../sdk/stores/index.ts'
import { ErrorState, Skeleton, useClientStore, useOnDemand, useT } from '../ui/index.ts'
import { loadNamespaces } from '../../sdk/i18n/index.ts'
import { DialogHost } from '../ui/DialogHost.tsx'
import { LoginForm } from '../auth/LoginForm.tsx'
import { RegisterForm } from '../auth/RegisterForm.tsx'
import { handoffChallenge, newHandoffVerifier } from '../../sdk/contract/handoff.ts'
import { deliverVerifier } from './handoff.ts'
import { handoffPath, type FrameKind } from './protocol.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/embed.ts).
const api = roomApi({ embedHandoff: core.embedHandoff })

/** Props of {@link Frame}. */
export interface FrameProps {
  kind: FrameKind
  affiliateCode?: string
  /** Set once the player signed up or in: the username to greet. */
  signedIn?: string
}

const noStatus: ReturnType<typeof $status.get> = { loading: true }

/**
 * What a frame shows: the site's own registration or login form, then a welcome with "Play now",
 * which opens the brand site in a new tab signed in through a single-use handoff code. The forms
 * wait for the platform's switches (SMS code, registration types, country picker, social sign-in),
 * as the site's pages do, and the warnings they raise show as the site's dialogs.
 */
export function Frame(props: FrameProps) {
  const status = useClientStore($status, noStatus)
  let body: ReactNode
  if (status.data) body = <FrameBody {...props} />
  else if (status.error) body = <ErrorState messageKey={status.error.messageKey} onRetry={() => void loadStatus()} />
  else body = <Skeleton count={6} height={40} />
  return (
    <>
      {body}
      <DialogHost />
    </>
  )
}

// The reality check for the player signed in here: its code and texts load once signed in.
const loadProtect = () => Promise.all([import('./FrameProtect.tsx'), loadNamespaces(['protect'])]).then(([m]) => m)

function FrameBody({ kind, affiliateCode, signedIn: named }: FrameProps) {
  const t = useT()
  const [opening, setOpening] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  // Signed in here and still: "log out" in the reality check (or a session ended by the platform) brings the form back.
  const loggedIn = useClientStore($loggedIn, false)
  const signedIn = named && loggedIn ? named : undefined
  const Protect = useOnDemand(Boolean(signedIn), loadProtect)

  const playNow = async () => {
    // Opened now, while the click still counts as the player's (a window opened after an await is blocked).
    const tab = window.open('', '_blank')
    setFailed(null)
    // The code's verifier goes only to the tab this frame opened: without the tab there is no handoff.
    if (!tab) return setFailed(t('embed_handoff_blocked'))
    setOpening(true)
    try {
      const verifier = newHandoffVerifier()
      const { code } = await api('embedHandoff', { challenge: await handoffChallenge(verifier) })
      // The code travels in the fragment: never sent to a server, and dead after one use anyway.
      tab.opener = null
      tab.location.href = `${handoffPath}#code=${encodeURIComponent(code)}`
      deliverVerifier(tab, { code, verifier, username: signedIn ?? '' })
    } catch {
      tab?.close()
      setFailed(t('err_network_error'))
    } finally {
      setOpening(false)
    }
  }

  if (signedIn) {
    const welcome = (
      <section className="lk-auth lk-embed-welcome" aria-labelledby="lk-embed-welcome">
        <h1 id="lk-embed-welcome" className="lk-auth__title">
          {t('embed_welcome', { username: signedIn })}
        </h1>
        <p>{t('embed_welcome_note', { brand: brandWire.merchant })}</p>
        <button type="button" className="lk-button lk-button--primary lk-auth__submit" onClick={() => void playNow()} aria-busy={opening || undefined}>
          {opening ? t('embed_opening') : t('embed_play_now')}
        </button>
        {failed && (
          <p className="lk-auth__message" role="alert">
            {failed}
          </p>
        )}
      </section>
    )
    return Protect ? <Protect>{welcome}</Protect> : welcome
  }
  return <div className="lk-auth-page">{kind === 'register' ? <RegisterForm affiliateCode={affiliateCode} /> : <LoginForm />}</div>
}
