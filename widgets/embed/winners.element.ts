import { createElement, type ReactNode } from 'react'
import { WinnerBoard } from '../lobby/WinnerBoard.tsx'
import lobbyCss from '../lobby/lobby.css?inline'
import { ReactHostElement } from './react-host.ts'
import { islandStyles } from './styles.ts'

/**
 * The brand's winner board: the latest wins of every category (account, game, amount).
 *
 * @summary The latest wins.
 */
export class LkWinners extends ReactHostElement {
  static override styles = islandStyles(lobbyCss)
  protected override namespaces = ['common', 'lobby'] as const

  protected view(): ReactNode {
    return createElement(WinnerBoard)
  }
}
