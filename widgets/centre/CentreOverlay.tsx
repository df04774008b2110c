import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { $centre, closeCentre, type CentreRequest } from '../../sdk/centre/index.ts'
import { $agentPages, $memberBadges, $memberPages, centrePageOf, showCentrePage } from '../../sdk/centre/pages.ts'
import { $token } from '../../sdk/stores/index.ts'
import { $withdrawOnly, withdrawOnlyCentrePages } from '../../sdk/protect/quiet.ts'
import { useT } from '../ui/index.ts'
import { Modal } from '../ui/Modal.tsx'
import { AdoptedStyles } from '../ui/AdoptedStyles.tsx'
import { MemberPanel, hasMemberPage } from '../member/MemberPanel.tsx'
import { AgentPanel, hasAgentPage } from '../agent/AgentPanel.tsx'
// As a string, applied when the overlay first renders: pages carry none of it until a centre opens.
import styles from './centre.css?inline'
import { IconDown } from '../ui/icons-more.tsx'

type Kind = CentreRequest['kind']

// Modal names of SPEC §2 and the shell's titles of each centre (shown by the modal).
const modal = {
  member: { name: 'memberCenterModal', titleKey: 'shell_menu_member_centre' },
  agent: { name: 'agentCenterModal', titleKey: 'shell_menu_agent' },
} as const satisfies Record<Kind, { name: string; titleKey: string }>

/**
 * The member centre and agent centre overlays (SPEC §2): a modal per centre with its page list and
 * the open page. Which centre and page is `$centre`; closing clears it.
 */
export function CentreOverlay() {
  const request = useStore($centre)
  const token = useStore($token)
  // The last request stays rendered while the modal fades out.
  const shown = useRef(request)
  if (request) shown.current = request

  useEffect(() => {
    if (request && !token) closeCentre()
  }, [request, token])

  return (
    <>
      <AdoptedStyles css={[styles]} />
      {(['member', 'agent'] as const).map((kind) => (
        <Modal key={kind} open={request?.kind === kind} name={modal[kind].name} titleKey={modal[kind].titleKey} width={1040} onClose={closeCentre}>
          {shown.current?.kind === kind && (kind === 'member' ? <MemberCentre request={shown.current} /> : <AgentCentre request={shown.current} />)}
        </Modal>
      ))}
    </>
  )
}

function MemberCentre({ request }: { request: CentreRequest }) {
  const badges = useStore($memberBadges)
  const pages = useStore($memberPages)
  const withdrawOnly = useStore($withdrawOnly)
  // A withdrawal-only session (a break runs) lists the withdrawal alone, with no reward badge.
  if (withdrawOnly) return <Centre kind="member" pages={withdrawOnlyCentrePages} page="withdraw" />
  return <Centre kind="member" pages={pages} page={centrePageOf(request, pages)} badges={badges} />
}

function AgentCentre({ request }: { request: CentreRequest }) {
  const pages = useStore($agentPages)
  return <Centre kind="agent" pages={pages} page={centrePageOf(request, pages)} />
}

interface CentreProps {
  kind: Kind
  pages: readonly string[]
  page: string
  badges?: Partial<Record<string, number>>
}

/** Page list and open page of one centre. The money pages come from `widgets/member`, the agent pages from `widgets/agent`; the others say they are being updated until their issue fills them. */
function Centre({ kind, pages, page, badges = {} }: CentreProps) {
  const t = useT()
  const headingId = useId()
  const nav = useRef<HTMLElement>(null)
  const title = (p: string) => t(`centre_${kind}_${p}`)
  // On a phone the agent centre's 12 pages are a menu that names the open page; wider, a list.
  const menu = kind === 'agent'
  const listId = useId()
  const [menuOpen, setMenuOpen] = useState(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `page` decides which item carries aria-current after the render, so the effect runs again when it changes
  useEffect(() => {
    // On a phone the list is a row that scrolls: keep the open page's item in view.
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [page])

  // Arrow keys, Home and End move between the pages (the list is a row on small screens); Tab walks it too.
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll('button')]
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }
    const next = moves[event.key]
    if (next === undefined || at < 0) return
    event.preventDefault()
    buttons[(next + buttons.length) % buttons.length]?.focus()
  }

  return (
    <div className="lk-centre">
      <nav ref={nav} className="lk-centre__nav" aria-label={t(`centre_${kind}_nav`)} data-menu={menu || undefined} data-open={menuOpen || undefined}>
        {menu && (
          <button type="button" className="lk-centre__menu" aria-expanded={menuOpen} aria-controls={listId} onClick={() => setMenuOpen(!menuOpen)}>
            <span className="lk-visually-hidden">{t(`centre_${kind}_nav`)}: </span>
            <span>{title(page)}</span>
            <IconDown />
          </button>
        )}
        <ul id={listId} onKeyDown={onKeyDown}>
          {pages.map((p) => {
            const count = badges[p] ?? 0
            return (
              <li key={p}>
                <button
                  type="button"
                  aria-current={p === page ? 'page' : undefined}
                  onClick={() => {
                    setMenuOpen(false)
                    showCentrePage(p)
                  }}
                  data-page={p}
                >
                  <span>{title(p)}</span>
                  {count > 0 && (
                    <span className="lk-centre__badge">
                      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
                      <span className="lk-visually-hidden">{t('centre_badge', { count })}</span>
                    </span>
                  )}
                </button>
              </li>
            )
          })}
        </ul>
      </nav>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls on its own must be reachable by Tab to scroll it with keys (WCAG 2.1.1, axe scrollable-region-focusable), even while its page holds nothing focusable: its loading state, or plain rows such as mission activity */}
      <section className="lk-centre__panel" aria-labelledby={headingId} data-page={page} tabIndex={0}>
        <h3 id={headingId} className="lk-centre__heading">
          {title(page)}
        </h3>
        {kind === 'member' && hasMemberPage(page) ? (
          <MemberPanel page={page} />
        ) : kind === 'agent' && hasAgentPage(page) ? (
          <AgentPanel page={page} />
        ) : (
          <p className="lk-centre__updating" role="status">
            {t('shell_updating')}
          </p>
        )}
      </section>
    </div>
  )
}
