import { t } from '../../../sdk/i18n/index.ts'
import { $htmlSanitiser } from '../../../sdk/html/index.ts'
import { signInHere } from '../../../sdk/rewards/ladder.ts'
import { $announcements } from '../../../sdk/shell/index.ts'
import { $loggedIn } from '../../../sdk/stores/index.ts'
import { htmlBody } from './notices.ts'
import { drawOn, element } from './press.ts'
import { overIsland, signInFirst } from './rewards.ts'

/**
 * A guest's promotion page without React (issue 38 item 5), as its two islands draw it
 * (widgets/shell/Promotions.tsx's PromoDetail, widgets/rewards/PromoActivity.tsx): the editor's article
 * named by `?id=` (the others hidden), or else the platform's promotion of that id with its HTML
 * sanitised ("not available" when there is none), and, for a promotion with an activity, why to sign
 * in with the sign-in button. Both islands wait for a press (`client:paint="press"`): a member's page
 * starts them at once (site/components/LeanShell.astro), a sign-in on the page then, and each hands
 * its part to React.
 * @module
 */

/** The place of a part of the page while its data loads, as widgets/ui's Skeleton draws it. */
function skeleton(): HTMLElement {
  const group = element('div', 'lk-skeleton-group')
  group.setAttribute('aria-busy', 'true')
  const block = element('span', 'lk-skeleton')
  block.style.height = '16px'
  block.style.width = '100%'
  block.setAttribute('aria-hidden', 'true')
  group.append(element('span', 'lk-visually-hidden', t('loading')), block)
  return group
}

/** The platform's promotion `id` (no editor's article has it): its title and sanitised content, "not available", or the skeleton. */
function platformPromotion(id: string): HTMLElement {
  const box = element('div')
  box.style.display = 'contents'
  drawOn(
    [$announcements, $htmlSanitiser],
    () => {
      const { data, error } = $announcements.get()
      const promo = data?.promotion.find((p) => p.id === id)
      if (!data) return error ? 'missing' : 'loading'
      return promo ? `${$htmlSanitiser.get() ? 'clean' : 'waiting'}\u0000${promo.title}\u0000${promo.content}` : 'missing'
    },
    () => {
      const { data, error } = $announcements.get()
      const promo = data?.promotion.find((p) => p.id === id)
      if (!data && !error) return box.replaceChildren(skeleton())
      if (!promo) {
        const missing = element('p', undefined, t('shell_promo_not_found'))
        missing.setAttribute('role', 'status')
        return box.replaceChildren(missing)
      }
      const article = element('article', 'lk-prose')
      article.setAttribute('aria-labelledby', 'lk-promo-title')
      const title = element('h2', undefined, promo.title)
      title.id = 'lk-promo-title'
      article.append(title, htmlBody(promo.content))
      box.replaceChildren(article)
    },
  )
  return box
}

/**
 * Draws a guest's promotion page beside its islands (`detail`, PromoDetail; `activity`, PromoActivity),
 * still waiting, until each starts. Does nothing for a member.
 */
export function startPromoDetail(detail: HTMLElement | null, activity: HTMLElement | null): void {
  if ($loggedIn.get()) return
  const wanted = new URLSearchParams(location.search).get('id')
  if (!wanted) return
  // An article whose dates are not now (the page's scheduler marked it off) is not there.
  const articles = [...document.querySelectorAll<HTMLElement>('[data-promo]:not([data-lk-off])')]
  const article = articles.find((a) => a.dataset.promo === wanted)
  for (const a of articles) a.hidden = a !== article
  if (detail && !article) overIsland(detail, platformPromotion(wanted))
  // An editor's article names the platform promotion it presents (front matter `activity`); the platform's own is its id.
  const activityId = article ? (article.dataset.activity ?? '') : wanted
  if (activity && activityId) overIsland(activity, signInFirst('rewards_activity_guest', signInHere))
}
