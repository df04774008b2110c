import { createElement, type ReactNode } from 'react'
import { WinnerBoard } from '../lobby/WinnerBoard.tsx'
import { ReactHostElement } from './react-host.ts'
import { $locale } from '../../sdk/i18n/index.ts'
import type { FirstPaintData } from './first-paint.ts'

/**
 * The brand's winner board: the latest wins of every category (account, game, amount).
 *
 * @summary The latest wins.
 */
export class LkWinners extends ReactHostElement {
  static override stylesheetFile = true
  protected override namespaces = ['common', 'lobby'] as const

  protected override async fromFirstPaint(data: FirstPaintData): Promise<(() => void) | undefined> {
    if (data.lang !== this.shownLanguage || data.locale !== $locale.get()) return undefined
    // The board loaded from the server's reply (seeded): nothing is asked again.
    const { loadWinners } = await import('./first-paint-winners.ts')
    const loaded = await loadWinners()
    return loaded.settled ? loaded : undefined
  }

  protected view(): ReactNode {
    return createElement(WinnerBoard)
  }
}
