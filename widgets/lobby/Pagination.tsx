import { pageItems, type PageTarget } from '../../sdk/games/index.ts'
import { useT } from '../ui/index.ts'

/** Props of {@link Pagination}. */
export interface PaginationProps {
  page: number
  totalPages: number
  onGo: (target: PageTarget) => void
  disabled?: boolean
}

/**
 * First, previous, page numbers (range 3, margin 1, with gaps), next and last. The number of
 * buttons is bounded, so 10,000 games render as many nodes as 15.
 */
export function Pagination({ page, totalPages, onGo, disabled = false }: PaginationProps) {
  const t = useT()
  if (totalPages <= 1) return null
  const edge = (target: PageTarget, labelKey: string, symbol: string, off: boolean) => (
    <li>
      <button type="button" className="lk-pager__btn" onClick={() => onGo(target)} disabled={disabled || off} aria-label={t(labelKey)}>
        <span aria-hidden="true">{symbol}</span>
      </button>
    </li>
  )
  return (
    <nav className="lk-pager" aria-label={t('lobby_pagination')}>
      <ul>
        {edge('first', 'lobby_page_first', '«', page <= 1)}
        {edge('prev', 'lobby_page_prev', '‹', page <= 1)}
        {pageItems(page, totalPages).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className="lk-pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className="lk-pager__btn"
                onClick={() => onGo(item.page)}
                disabled={disabled}
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={t('lobby_page_n', { page: item.page })}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        {edge('next', 'lobby_page_next', '›', page >= totalPages)}
        {edge('last', 'lobby_page_last', '»', page >= totalPages)}
      </ul>
    </nav>
  )
}
