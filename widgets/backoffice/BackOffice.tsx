import { useStore } from '@nanostores/react'
import { useState, type ComponentType, type KeyboardEvent } from 'react'
import { type Backoffice, type BackofficeTab, createBackoffice } from '../../sdk/backoffice/index.ts'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import { AccountPanel } from './AccountPanel.tsx'
import { AuditPanel } from './AuditPanel.tsx'
import { ContentPanel } from './ContentPanel.tsx'
import { MaintenancePanel } from './MaintenancePanel.tsx'
import { MembersPanel } from './MembersPanel.tsx'
import { OperatorsPanel } from './OperatorsPanel.tsx'
import { RewardsPanel } from './RewardsPanel.tsx'
import { ServicePanel } from './ServicePanel.tsx'
import { SettingsPanel } from './SettingsPanel.tsx'
import { SignIn } from './SignIn.tsx'
import { WithdrawalsPanel } from './WithdrawalsPanel.tsx'

/**
 * The operator back office (`/admin`): the sign-in with password and authenticator code, then the
 * tabs the operator's role opens (withdrawals, reward approvals, members, the customer-service console, maintenance and
 * region, settings, operators, content, audit) and every operator's own account.
 */
export function BackOffice() {
  const [bo] = useState(createBackoffice)
  const t = useT()
  const operator = useStore(bo.$operator)
  if (operator.error && !operator.loading) return <ErrorState messageKey={operator.error.messageKey} onRetry={() => void bo.checkSession()} />
  if (operator.data === undefined) return <Skeleton count={3} height={40} />
  if (operator.data === null) return <SignIn bo={bo} />
  return (
    <div className="lk-bo">
      <header className="lk-bo__bar">
        <p>
          {t('admin_signed_in_as', { name: operator.data.username })} <span className="lk-bo__role">{t(`admin_role_${operator.data.role}`)}</span>
        </p>
        <button type="button" className="lk-button" onClick={() => void bo.signOut()}>
          {t('admin_sign_out')}
        </button>
      </header>
      <Tabs bo={bo} />
    </div>
  )
}

const panels: Record<BackofficeTab, ComponentType<{ bo: Backoffice }>> = {
  withdrawals: WithdrawalsPanel,
  rewards: RewardsPanel,
  members: MembersPanel,
  service: ServicePanel,
  maintenance: MaintenancePanel,
  settings: SettingsPanel,
  operators: OperatorsPanel,
  content: ContentPanel,
  audit: AuditPanel,
  account: AccountPanel,
}

/** The role's tabs as an ARIA tab list (arrows, Home and End move between them), and the shown panel. */
function Tabs({ bo }: { bo: Backoffice }) {
  const t = useT()
  const tabs = useStore(bo.$tabs)
  const shown = useStore(bo.$shown)
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.indexOf(shown)
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key]
    if (next === undefined) return
    e.preventDefault()
    const tab = tabs[(next + tabs.length) % tabs.length]
    bo.showTab(tab)
    document.getElementById(`lk-bo-tab-${tab}`)?.focus()
  }
  if (!shown) return null
  const Panel = panels[shown]
  return (
    <>
      <div role="tablist" aria-label={t('admin_title')} className="lk-bo__tabs" onKeyDown={onKey}>
        {tabs.map((tab) => (
          <button
            key={tab}
            id={`lk-bo-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={tab === shown}
            aria-controls="lk-bo-panel"
            tabIndex={tab === shown ? 0 : -1}
            className="lk-bo__tab"
            onClick={() => bo.showTab(tab)}
          >
            {t(`admin_tab_${tab}`)}
          </button>
        ))}
      </div>
      <section id="lk-bo-panel" role="tabpanel" aria-labelledby={`lk-bo-tab-${shown}`} className="lk-bo__panel">
        <Panel bo={bo} />
      </section>
    </>
  )
}
