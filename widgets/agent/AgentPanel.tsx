import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import { loadNamespaces } from '../../sdk/i18n/index.ts'
import { ErrorState, Skeleton } from '../ui/index.ts'
// As strings, applied when an agent page first renders: the money pages' layout classes, and the agent's own.
import moneyStyles from '../member/member.css?inline'
import styles from './agent.css?inline'

type PageModule = Promise<{ default: ComponentType }>
// Each page's code loads the first time it is opened.
const pages: Record<string, () => PageModule> = {
  agentTeamOverview: () => import('./TeamOverview.tsx').then((m) => ({ default: m.TeamOverview })),
  downlineManagmentView: () => import('./Downlines.tsx').then((m) => ({ default: m.Downlines })),
  palStatementsAgentCopy: () => import('./ProfitLoss.tsx').then((m) => ({ default: m.ProfitLoss })),
  agentRevenueReport: () => import('./Income.tsx').then((m) => ({ default: m.Income })),
  agentDividendRecordCopy2: () => import('./Income.tsx').then((m) => ({ default: () => <m.PayoutRecord kind="dividend" /> })),
  agentDailyWages2: () => import('./Income.tsx').then((m) => ({ default: () => <m.PayoutRecord kind="daily_salary" /> })),
  agentHourSalary: () => import('./Income.tsx').then((m) => ({ default: () => <m.PayoutRecord kind="hourly_salary" /> })),
  agentRealtimeSalary: () => import('./Income.tsx').then((m) => ({ default: () => <m.PayoutRecord kind="realtime_salary" /> })),
}
// A lazy component keeps a failed load for good: a retry drops it and makes a new one.
const lazies = new Map<string, LazyExoticComponent<ComponentType>>()
const lazyPage = (page: string) => {
  let found = lazies.get(page)
  if (!found) lazies.set(page, (found = lazy(pages[page])))
  return found
}

/** Whether the agent centre page has content from `widgets/agent` (the others still say "Updating"). */
export const hasAgentPage = (page: string): boolean => page in pages

/** One page of the agent centre, with the `agent` and `money` texts loaded first. */
export function AgentPanel({ page }: { page: string }) {
  const [texts, setTexts] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [attempt, setAttempt] = useState(0)
  const load = () => {
    setTexts('loading')
    loadNamespaces(['agent', 'money']).then(() => setTexts('ready'), () => setTexts('failed'))
  }
  useEffect(load, [])
  if (!hasAgentPage(page)) return null
  const Page = lazyPage(page)
  return (
    <div className="lk-money lk-agent">
      <style>{moneyStyles}</style>
      <style>{styles}</style>
      {texts === 'failed' ? (
        <ErrorState messageKey="err_network_error" onRetry={load} />
      ) : texts === 'loading' ? (
        <Skeleton count={4} height={36} />
      ) : (
        <PageBoundary
          key={`${page}-${attempt}`}
          onRetry={() => {
            lazies.delete(page)
            setAttempt(attempt + 1)
          }}
        >
          <Suspense fallback={<Skeleton count={4} height={36} />}>
            <Page />
          </Suspense>
        </PageBoundary>
      )}
    </div>
  )
}

/** A page whose code failed to load (a dropped connection) shows the error with a retry, not a blank centre. */
class PageBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <ErrorState messageKey="err_network_error" onRetry={this.props.onRetry} /> : this.props.children
  }
}
