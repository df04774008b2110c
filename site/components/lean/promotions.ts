import { t } from '../../../sdk/i18n/index.ts'
import { $announcements, loadAnnouncements } from '../../../sdk/shell/index.ts'
import { $status } from '../../../sdk/stores/index.ts'
import { cdnKey, drawOn, element, errorState, platformImage, skeletonOf } from './press.ts'

/**
 * The platform's current promotions on the promotions page, drawn without React as
 * widgets/shell/Promotions.tsx's LivePromotions draws them (the embed's `lk-promotions` keeps that
 * one): cards linking to their detail page, the server's skeleton while they load, the platform's
 * error with a retry, nothing when there are none. The page's `lk-quiet-promos` hides them during a
 * time-out or self-exclusion. `box` holds the skeleton the server drew.
 */
export function startLivePromotions(box: HTMLElement): void {
  const showSkeleton = skeletonOf(box)
  drawOn(
    [$announcements, $status],
    () => {
      const state = $announcements.get()
      const promos = state.data?.promotion ?? []
      return state.data
        ? `${cdnKey()}\u0002${promos.map((p) => `${p.id}\u0000${p.title}\u0000${p.image}`).join('\u0001')}`
        : state.error
          ? `error\u0000${state.error.messageKey}`
          : 'loading'
    },
    () => {
      const state = $announcements.get()
      if (state.data) {
        const promos = state.data.promotion ?? []
        if (promos.length === 0) return box.replaceChildren()
        const list = element('ul', 'lk-promos__grid')
        for (const promo of promos) {
          const link = element('a', 'lk-promo')
          link.setAttribute('part', 'promotion')
          link.href = `/promoDetail?id=${encodeURIComponent(promo.id)}`
          if (promo.image) link.append(platformImage(promo.image, '', 600, 150))
          link.append(element('span', 'lk-promo__title', promo.title), element('span', 'lk-promo__more', t('shell_promotions_more')))
          const li = element('li')
          li.append(link)
          list.append(li)
        }
        box.replaceChildren(list)
      } else if (state.error) box.replaceChildren(errorState(state.error.messageKey, loadAnnouncements))
      else showSkeleton()
    },
  )
}
