import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import { loadNamespaces } from '../../sdk/i18n/index.ts'
import { ErrorState, Skeleton } from '../ui/index.ts'
// As a string, applied when a money page first renders (the centre overlay itself loads on demand).
import styles from './member.css?inline'

type PageModule = Promise<{ default: ComponentType }>
// Each page's code loads the first time it is opened.
const pages: Record<string, () => PageModule> = {
  securityCenter: () => import('./Account.tsx').then((m) => ({ default: m.Account })),
  transferFund: () => import('./Wallet.tsx').then((m) => ({ default: m.Wallet })),
  depositv2: () => import('./Deposit.tsx').then((m) => ({ default: m.Deposit })),
  withdraw: () => import('./Withdraw.tsx').then((m) => ({ default: m.Withdraw })),
  transferUpline: () => import('./Upline.tsx').then((m) => ({ default: m.Upline })),
  transactionHistory: () => import('./AccountRecord.tsx').then((m) => ({ default: m.AccountRecord })),
  personalHistoryCopy: () => import('./BettingRecord.tsx').then((m) => ({ default: m.BettingRecord })),
  personalProfit: () => import('./Profit.tsx').then((m) => ({ default: m.Profit })),
}
// A lazy component keeps a failed load for good: a retry drops it and makes a new one.
const lazies = new Map<string, LazyExoticComponent<ComponentType>>()
const lazyPage = (page: string) => {
  let found = lazies.get(page)
  if (!found) lazies.set(page, (found = lazy(pages[page])))
  return found
}

/** Whether the member centre page has content from `widgets/member` (the others still say "Updating"). */
export const hasMemberPage = (page: string): boolean => page in pages

/** One money page of the member centre, with the `money` texts loaded first. */
export function MemberPanel({ page }: { page: string }) {
  const [texts, setTexts] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [attempt, setAttempt] = useState(0)
  const load = () => {
    setTexts('loading')
    loadNamespaces(['money']).then(() => setTexts('ready'), () => setTexts('failed'))
  }
  useEffect(load, [])
  if (!hasMemberPage(page)) return null
  const Page = lazyPage(page)
  return (
    <div className="lk-money">
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
