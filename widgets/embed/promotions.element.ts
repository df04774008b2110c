import { createElement, type ReactNode } from 'react'
import { LivePromotions } from '../shell/Promotions.tsx'
import { ReactHostElement } from './react-host.ts'
import { $locale } from '../../sdk/i18n/index.ts'
import type { FirstPaintData } from './first-paint.ts'

/**
 * The brand's current promotions as cards; each opens its detail page on the brand site in a new tab.
 *
 * @summary The current promotions.
 * @csspart promotion - One promotion card (a link).
 */
export class LkPromotions extends ReactHostElement {
  static override stylesheetFile = true
  protected override namespaces = ['common', 'shell'] as const

  protected override async fromFirstPaint(data: FirstPaintData): Promise<(() => void) | undefined> {
    if (data.lang !== this.shownLanguage || data.locale !== $locale.get()) return undefined
    // The promotions and the status from the server's replies (seeded): nothing is asked again.
    const [{ loadPromotions }, { keepPictures }] = await Promise.all([import('./first-paint-promotions.ts'), import('./first-paint.ts')])
    const loaded = await loadPromotions()
    keepPictures(data.pictures)
    if (loaded.settled) return loaded
    loaded()
    return undefined
  }

  protected view(): ReactNode {
    return createElement(LivePromotions, { site: this.platformOrigin })
  }
}
