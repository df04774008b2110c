import './shell.css'
import { useDeferredValue, useEffect, useState } from 'react'
import { $htmlSanitiser } from '../../sdk/html/index.ts'
import {
  $announcements,
  $barNotices,
  $noticeModal,
  $noticePopupList,
  $noticePopupOpen,
  closeNotice,
  dismissNoticePopup,
  noticePopupMayShow,
  noticePopupShown,
  openNotice,
  withdrawNoticePopup,
} from '../../sdk/shell/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { Modal } from '../ui/Modal.tsx'
import { SafeHtml } from '../ui/SafeHtml.tsx'
import { Icon } from './more-icons.tsx'

/**
 * Notice bar: titles scroll in a marquee that pauses on hover and keyboard focus; a title opens the
 * notice modal at its index. The bar keeps its height while notices load, and leaves once the platform
 * has answered with none (an empty strip says nothing).
 */
export function NoticeBar() {
  const t = useT()
  const notices = useClientStore($barNotices, [])
  const announcements = useClientStore($announcements, { loading: false })
  const none = notices.length === 0 && Boolean(announcements.data || announcements.error)
  // Moving text the player can stop (WCAG 2.2.2): hover and focus pause it only meanwhile.
  const [stopped, setStopped] = useState(false)
  return (
    <div className={`lk-noticebar lk-container${stopped ? ' is-stopped' : ''}`} role="region" aria-label={t('shell_notices')} hidden={none}>
      <span className="lk-noticebar__icon">
        <Icon name="speaker" size={18} />
      </span>
      <div className="lk-noticebar__viewport">
        {notices.length > 0 && (
          <ul className="lk-noticebar__track" style={{ animationDuration: `${Math.max(20, notices.length * 12)}s` }}>
            {notices.map((notice, i) => (
              <li key={notice.id}>
                <button type="button" className="lk-noticebar__item" onClick={() => openNotice(i)}>
                  {notice.title}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="button" className="lk-iconbutton lk-noticebar__pause" aria-pressed={stopped} aria-label={t('shell_pause_notices')} onClick={() => setStopped(!stopped)}>
        <Icon name={stopped ? 'play' : 'pause'} size={16} />
      </button>
      <NoticeModal />
    </div>
  )
}

/** The notice modal: every bar notice as a tab, the chosen one's content sanitised. */
export function NoticeModal() {
  const t = useT()
  const notices = useClientStore($barNotices, [])
  const index = useClientStore($noticeModal, null)
  const open = index !== null && notices.length > 0
  const current = open ? notices[Math.min(index, notices.length - 1)] : undefined
  return (
    <Modal open={open} onClose={closeNotice} name="notice" titleKey="shell_notices" width={720}>
      {current && (
        <div className="lk-noticemodal">
          {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the list of notice titles is the tab list (ARIA tabs pattern), its buttons the tabs */}
          <ul className="lk-noticemodal__list" role="tablist" aria-label={t('shell_notices')} aria-orientation="vertical">
            {notices.map((notice, i) => (
              <li key={notice.id} role="presentation">
                <button type="button" role="tab" aria-selected={notice === current} aria-controls="lk-notice-panel" onClick={() => openNotice(i)}>
                  {notice.title}
                </button>
              </li>
            ))}
          </ul>
          <article className="lk-noticemodal__body" id="lk-notice-panel" role="tabpanel">
            <h3>{current.title}</h3>
            <SafeHtml html={current.content} />
          </article>
        </div>
      )}
    </Modal>
  )
}

/**
 * The notice popup (type PU): title, the list of notices this browser has not seen yet as sanitised
 * HTML, close. Each notice once per browser; afterwards it is in the notice bar's modal and the notice page.
 */
export function NoticePopup() {
  // Popup notices load (and the seen-in-this-browser check runs) before this idle island hydrates.
  const notices = useClientStore($noticePopupList, [])
  // It opens once the sanitiser has loaded (listening loads it), with every notice's content in
  // place: opened before, its bodies would fill in afterwards and push the notices below them down.
  const sanitiser = useClientStore($htmlSanitiser, null)
  // Deferred: the opening render (every notice sanitised) runs as a transition, which hands the main
  // thread back between notices instead of holding it for all of them at once.
  const ready = useClientStore($noticePopupOpen, false) && notices.length > 0 && sanitiser !== null
  // The store says whether it may still appear once ready (not when the visitor got busy meanwhile).
  const mayShow = ready && noticePopupMayShow()
  useEffect(() => {
    if (ready) (mayShow ? noticePopupShown : withdrawNoticePopup)()
  }, [ready, mayShow])
  const open = useDeferredValue(mayShow)
  return (
    <Modal open={open} onClose={dismissNoticePopup} name="noticePopup" titleKey="shell_notice_popup_title" width={560}>
      <ol className="lk-noticepopup">
        {notices.map((notice) => (
          <li key={notice.id}>
            <h3>{notice.title}</h3>
            <SafeHtml html={notice.content} />
          </li>
        ))}
      </ol>
    </Modal>
  )
}
