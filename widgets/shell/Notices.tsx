import './shell.css'
import { useState } from 'react'
import { $announcements, $barNotices, $noticeModal, closeNotice, openNotice } from '../../sdk/shell/index.ts'
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
