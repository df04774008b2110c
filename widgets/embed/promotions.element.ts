import { createElement, type ReactNode } from 'react'
import { LivePromotions } from '../shell/Promotions.tsx'
import shellCss from '../shell/shell.css?inline'
import { ReactHostElement } from './react-host.ts'
import { islandStyles } from './styles.ts'

/**
 * The brand's current promotions as cards; each opens its detail page on the brand site in a new tab.
 *
 * @summary The current promotions.
 * @csspart promotion - One promotion card (a link).
 */
export class LkPromotions extends ReactHostElement {
  static override styles = islandStyles(shellCss)
  protected override namespaces = ['common', 'shell'] as const

  protected view(): ReactNode {
    return createElement(LivePromotions, { site: this.platformOrigin })
  }
}
