import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import { loadNamespaces, type Namespace } from '../../sdk/i18n/index.ts'
import { chunkErrorKey, withinChunkTime } from '../../sdk/ui/index.ts'
import { ErrorState, Skeleton } from './States.tsx'
import { AdoptedStyles } from './AdoptedStyles.tsx'

/** A page's code, loaded the first time the page is opened. */
export type PageModule = () => Promise<{ default: ComponentType }>

/** What {@link createPagePanel} needs: the pages by name, the texts they use, their wrapper class and styles. */
export interface PagePanelOptions {
  pages: Record<string, PageModule>
  namespaces: Namespace[]
  className: string
  /** Stylesheets as strings, applied when a page first renders (the overlay itself loads on demand). */
  styles: string[]
}

/**
 * A panel showing one of a centre's pages (the member centre's money pages, the agent centre's):
 * the pages' texts load first, then the page's own code; a failure of either shows the error with a
 * retry instead of a blank centre, and a retry loads again what failed.
 */
export function createPagePanel({ pages, namespaces, className, styles }: PagePanelOptions) {
  // A lazy component keeps a failed load for good: a retry drops it and makes a new one.
  const lazies = new Map<string, LazyExoticComponent<ComponentType>>()
  const lazyPage = (page: string) => {
    let found = lazies.get(page)
    // A page's code that has not arrived within the chunk time-out fails like a dropped one.
    if (!found) lazies.set(page, (found = lazy(withinChunkTime(pages[page]))))
    return found
  }
  const has = (page: string): boolean => Object.hasOwn(pages, page)

  // biome-ignore lint/correctness/noComponentHookFactories: createPagePanel runs once per centre at module load (MemberPanel.tsx, AgentPanel.tsx), so Panel is one stable component, not a new one per render
  function Panel({ page }: { page: string }) {
    const [texts, setTexts] = useState<'loading' | 'ready' | 'failed'>('loading')
    const [attempt, setAttempt] = useState(0)
    const load = () => {
      setTexts('loading')
      loadNamespaces(namespaces).then(
        () => setTexts('ready'),
        () => setTexts('failed'),
      )
    }
    useEffect(load, [])
    if (!has(page)) return null
    const Page = lazyPage(page)
    return (
      <div className={className}>
        <AdoptedStyles css={styles} />
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

  return { Panel, has }
}

/**
 * A page whose code failed to load (a dropped connection) shows the error with a retry, not a blank
 * centre; one that did not arrive in time says the page is slow to load.
 */
class PageBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: null | 'err_network_error' | 'err_timeout' }> {
  override state = { failed: null }
  static getDerivedStateFromError(error: unknown) {
    return { failed: chunkErrorKey(error) === 'err_timeout' ? 'err_timeout' : 'err_network_error' }
  }
  override render() {
    return this.state.failed ? <ErrorState messageKey={this.state.failed} onRetry={this.props.onRetry} /> : this.props.children
  }
}
