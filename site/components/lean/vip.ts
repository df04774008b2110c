import { t } from '../../../sdk/i18n/index.ts'
import { $vipLadder, type LadderRank, ladderHeads, rankFigures, signInHere } from '../../../sdk/rewards/ladder.ts'
import { $loggedIn } from '../../../sdk/stores/index.ts'
import { element, emptyState } from './press.ts'
import { drawLoaded, overIsland, signInFirst } from './rewards.ts'

/**
 * A guest's VIP page without React (issue 38 items 2 and 5): why to sign in, with the sign-in button,
 * and the ladder from the platform's configuration, drawn as widgets/rewards/Vip.tsx draws them, over
 * the server HTML of the page's island (its skeletons keep the size meanwhile). The island waits for
 * a press (`client:paint="press"`): a member's page starts it at once (site/components/LeanShell.astro)
 * and a sign-in on the page starts it then (enhance.ts), which hands the page to React: the member's
 * rank, progress and history.
 * @module
 */

/** The ladder's table as Vip.tsx's `Ladder` draws it for a guest (no rank marked "you are here"). */
function ladderTable(ranks: readonly LadderRank[]): HTMLElement {
  const region = element('div', 'lk-rewards__scroll')
  region.setAttribute('role', 'region')
  region.setAttribute('aria-label', t('rewards_vip_ladder'))
  // A region that scrolls sideways takes focus, so a keyboard can scroll it.
  region.tabIndex = 0
  const table = element('table', 'lk-rewards__table lk-rewards__table--stack')
  // On a phone the CSS lays each row out as a card, which takes the implicit roles away: they are said.
  const withRole = <E extends HTMLElement>(el: E, role: string): E => {
    el.setAttribute('role', role)
    return el
  }
  withRole(table, 'table')
  const headRow = withRole(element('tr'), 'row')
  for (const key of ladderHeads) {
    const head = withRole(element('th', undefined, t(key)), 'columnheader')
    head.scope = 'col'
    headRow.append(head)
  }
  const body = withRole(element('tbody'), 'rowgroup')
  for (const rank of ranks) {
    const row = withRole(element('tr'), 'row')
    const name = withRole(element('th', undefined, t('rewards_vip_level', { level: rank.level })), 'rowheader')
    name.scope = 'row'
    row.append(name)
    rankFigures(rank).forEach((text, i) => {
      const cell = withRole(element('td', undefined, text), 'cell')
      cell.dataset.label = t(ladderHeads[i + 1])
      row.append(cell)
    })
    body.append(row)
  }
  const head = withRole(element('thead'), 'rowgroup')
  head.append(headRow)
  table.append(head, body)
  region.append(table)
  return region
}

/**
 * Draws a guest's VIP page over `island` (the Vip island, still waiting), until the island starts: a
 * member's page, or a sign-in on it. Does nothing for a member.
 */
export function startVip(island: HTMLElement): void {
  const server = island.firstElementChild
  if ($loggedIn.get() || !island.hasAttribute('ssr') || !server) return
  // The server's page, its skeletons then replaced: the standing's by the sign-in box, the ladder's by the ladder.
  const page = server.cloneNode(true) as HTMLElement
  const [standing, , ladderSkeleton] = [...page.children]
  if (!standing || !ladderSkeleton) return
  standing.replaceWith(signInFirst('rewards_vip_guest', signInHere))
  drawLoaded($vipLadder, ladderSkeleton, ({ ranks }) => (ranks.length === 0 ? emptyState('rewards_vip_no_ranks') : ladderTable(ranks)), {
    keyOf: ({ ranks }) => JSON.stringify(ranks),
  })
  overIsland(island, page)
}
