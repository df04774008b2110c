import { createContext, useContext } from 'react'

/**
 * Where the lottery's links (results, trend, betting, back) point: on the site, the page's own address
 * (`?gameCode=…`); embedded (`lk-lottery`), the brand's `/lottery` page in a new tab, since a
 * relative link would move the partner's page instead.
 */
export const LotteryLinkBase = createContext('')

/** Attributes of a lottery link to `query` (`?gameCode=…&view=…`). */
export function useLotteryLink(): (query: string) => { href: string; target?: string; rel?: string } {
  const base = useContext(LotteryLinkBase)
  return (query) => (base ? { href: `${base}${query}`, target: '_blank', rel: 'noopener' } : { href: query })
}
