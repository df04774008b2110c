import { t } from '../../../sdk/i18n/index.ts'
import { $vipLadder, type LadderRank, ladderHeads, rankFigures, signInHere } from '../../../sdk/rewards/ladder.ts'
import { $loggedIn } from '../../../sdk/stores/index.ts'
import { drawOn, element, emptyState, errorState, wake } from './press.ts'

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

/** What the page shows a guest instead of their rank: why to sign in, and the button (SignInFirst.tsx): the login comes back here. */
function signInFirst(): HTMLElement {
  const box = element('div', 'lk-rewards__guest')
  const button = element('button', 'lk-button lk-button--primary', t('rewards_sign_in'))
  button.type = 'button'
  button.addEventListener('click', () => {
    // The login popup is the shell's popup host: its code loads now.
    wake()
    signInHere()
  })
  box.append(element('p', undefined, t('rewards_vip_guest')), button)
  return box
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
  page.dataset.lean = ''
  const [standing, , ladderSkeleton] = [...page.children]
  if (!standing || !ladderSkeleton) return
  standing.replaceWith(signInFirst())
  let ladder: Element = ladderSkeleton
  const show = (next: Element) => {
    ladder.replaceWith(next)
    ladder = next
  }
  drawOn(
    [$vipLadder],
    () => {
      const { data, error } = $vipLadder.get()
      if (error && !data) return `error\u0000${error.messageKey}`
      return data ? `ranks\u0000${JSON.stringify(data.ranks)}` : 'loading'
    },
    () => {
      const { data, error } = $vipLadder.get()
      if (error && !data) show(errorState(error.messageKey, () => $vipLadder.revalidate()))
      else if (!data) show(ladderSkeleton.cloneNode(true) as Element)
      else if (data.ranks.length === 0) show(emptyState('rewards_vip_no_ranks'))
      else show(ladderTable(data.ranks))
    },
  )
  // React takes the page over once the island has started; until then it is out of sight.
  island.addEventListener(
    'astro:hydrate',
    () => {
      page.remove()
      island.style.removeProperty('display')
    },
    { once: true },
  )
  island.style.display = 'none'
  island.before(page)
}
