import { t } from '../../../sdk/i18n/index.ts'
import { $mallCatalogue, type CatalogueReward, ratioLine, rewardLines, signInForReward } from '../../../sdk/rewards/catalogue.ts'
import { signInHere } from '../../../sdk/rewards/ladder.ts'
import { $loggedIn, $status } from '../../../sdk/stores/index.ts'
import { cdnKey, element, emptyState, imageSrc, platformImage, wake } from './press.ts'
import { drawLoaded, overIsland, signInFirst } from './rewards.ts'

/**
 * A guest's point mall without React (issue 38 items 2 and 5): why to sign in, with the sign-in button,
 * and the catalogue with pictures and prices from the platform, drawn as widgets/rewards/PointMall.tsx
 * draws them, over the server HTML of the page's island (its skeletons keep the size meanwhile). A
 * reward's Redeem asks the guest to sign in and comes back to that reward. The island waits for a press
 * (`client:paint="press"`): a member's page starts it at once (site/components/LeanShell.astro) and a
 * sign-in on the page starts it then, which hands the page to React: the member's points, redeem,
 * history and conversion.
 * @module
 */

/** A reward's picture as PointMall.tsx's `RewardPicture` draws it: its 4:3 box from the first paint, the image once the CDN is known. */
function picture(path: string): HTMLElement {
  if (!imageSrc(path)) return element('span', 'lk-rewards__picture')
  const image = platformImage(path, '', 400, 300)
  image.className = 'lk-rewards__picture'
  return image
}

/** A reward's card: picture, name, price, what it also needs, stock, and Redeem (which asks to sign in). */
function card(reward: CatalogueReward): HTMLElement {
  const item = element('li', 'lk-rewards__card lk-rewards__card--item')
  const titleId = `lk-reward-${reward.id}`
  item.setAttribute('aria-labelledby', titleId)
  const text = element('div')
  const title = element('strong', undefined, reward.title)
  title.id = titleId
  text.append(title)
  for (const { kind, key, values } of rewardLines(reward))
    text.append(element(kind === 'stock' ? 'small' : 'span', kind === 'price' ? 'lk-rewards__price' : undefined, t(key, values)))
  const redeem = element('button', 'lk-button lk-button--primary', t('rewards_mall_redeem'))
  redeem.type = 'button'
  redeem.setAttribute('aria-label', t('rewards_mall_redeem_named', { title: reward.title }))
  redeem.disabled = reward.quantity <= 0
  redeem.addEventListener('click', () => {
    // The login popup is the shell's popup host: its code loads now.
    wake()
    signInForReward(reward.id)
  })
  item.append(picture(reward.image), text, redeem)
  return item
}

/** The catalogue as PointMall.tsx's `Catalogue` draws it for a guest: the exchange rate, then the cards. */
function catalogue(rewards: readonly CatalogueReward[], ratio: Parameters<typeof ratioLine>[0]): HTMLElement {
  const box = element('div')
  const rate = ratioLine(ratio)
  const list = element('ul', 'lk-rewards__grid lk-rewards__grid--items')
  list.append(...rewards.map(card))
  // The rate and the list sit in the page as PointMall.tsx's fragment puts them: the box is not a part of the layout.
  box.style.display = 'contents'
  box.append(element('p', 'lk-rewards__figures', t(rate.key, rate.values)), list)
  return box
}

/**
 * Draws a guest's point mall over `island` (the PointMall island, still waiting), until the island
 * starts: a member's page, or a sign-in on it. Does nothing for a member.
 */
export function startMall(island: HTMLElement): void {
  const server = island.firstElementChild
  if ($loggedIn.get() || !island.hasAttribute('ssr') || !server) return
  // The server's page, its skeletons then replaced: the sign-in box's by the box, the cards' by the catalogue.
  const page = server.cloneNode(true) as HTMLElement
  const [standing, cardsSkeleton] = [...page.children]
  if (!standing || !cardsSkeleton) return
  standing.replaceWith(signInFirst('rewards_mall_guest', signInHere))
  drawLoaded($mallCatalogue, cardsSkeleton, ({ rewards, ratio }) => (rewards.length === 0 ? emptyState('rewards_mall_empty') : catalogue(rewards, ratio)), {
    // The pictures' addresses wait for the CDNs: the cards are drawn again when they arrive.
    keyOf: (data) => `${cdnKey()}\u0000${JSON.stringify(data)}`,
    also: [$status],
  })
  overIsland(island, page)
}
