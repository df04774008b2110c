import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $htmlSanitiser } from '../../sdk/html/index.ts'
import { createAfterLogin } from '../../sdk/auth/welcome.ts'
import { $member } from '../../sdk/stores/index.ts'
import { useT } from '../ui/index.ts'
import { Modal } from '../ui/Modal.tsx'
import { SafeHtml } from '../ui/SafeHtml.tsx'

/**
 * After a login (SPEC §4): the after-login popup with the popup notices this browser has not seen (the
 * notice popup's list, named and remembered as it is), then on the account's first login the welcome with
 * the next step the account needs and a skip. `AuthHost` loads this on demand when a login flagged it.
 * The store (sdk/auth/welcome.ts) decides; this view renders.
 */
export default function AfterLogin() {
  const t = useT()
  const [flow] = useState(createAfterLogin)
  const stage = useStore(flow.$stage)
  const notices = useStore(flow.$notices)
  const step = useStore(flow.$step)
  const member = useStore($member)
  // As the notice popup: open once the sanitiser is there, every notice's content in place.
  const sanitiser = useStore($htmlSanitiser)
  const name = member.data?.nickname || member.data?.account || ''
  return (
    <>
      <Modal open={stage === 'notices' && sanitiser !== null} onClose={flow.closeNotices} name="noticePopup" titleKey="shell_notice_popup_title" width={560}>
        <ol className="lk-noticepopup">
          {notices.map((notice) => (
            <li key={notice.id}>
              <h3>{notice.title}</h3>
              <SafeHtml html={notice.content} />
            </li>
          ))}
        </ol>
      </Modal>
      <Modal open={stage === 'welcome' && step !== null} onClose={flow.skip} name="firstLogin" titleKey="auth_welcome_title" width={440}>
        {step && (
          <div className="lk-auth lk-auth__welcome">
            <p>{name ? t('auth_welcome_greeting', { name }) : t('auth_welcome_ready')}</p>
            <p>{t(`auth_welcome_step_${step}`)}</p>
            <button type="button" className="lk-button lk-button--primary" onClick={flow.go}>
              {t(`auth_welcome_go_${step}`)}
            </button>
            <button type="button" className="lk-button" onClick={flow.skip}>
              {t('auth_welcome_skip')}
            </button>
          </div>
        )}
      </Modal>
    </>
  )
}
