/**
 * Registers the elements: a guarded define (a second loader, or another copy of the bundle on the
 * page, never defines a tag twice), and the tag → class map TypeScript users get with the `.d.ts`.
 * @module
 */
import type { LkGames } from './games.element.ts'
import type { LkJackpot } from './jackpot.element.ts'
import type { LkLobby } from './lobby.element.ts'
import type { LkPromotions } from './promotions.element.ts'
import type { LkWinners } from './winners.element.ts'
import type { LkRegister } from './register.element.ts'
import type { LkLogin } from './login.element.ts'
import type { LkLottery } from './lottery.element.ts'

/** Every tag the bundle provides. */
export const tags = ['lk-games', 'lk-lobby', 'lk-promotions', 'lk-jackpot', 'lk-winners', 'lk-register', 'lk-login', 'lk-lottery'] as const
export type Tag = (typeof tags)[number]

const common = ['platform', 'lang', 'theme', 'affiliate-code', 'sub-id'] as const

/**
 * The attributes each element observes. The loader defines a light stand-in per tag before the
 * element's code is there, and a defined element's observed attributes are fixed at definition, so
 * the stand-in observes what the element will (checked against the documented attributes by
 * widgets/embed/define.test.ts and against the elements' own by the embed journey).
 */
export const observedAttributes: Record<Tag, readonly string[]> = {
  'lk-games': [...common, 'game-type', 'vendor', 'page-size'],
  'lk-lobby': common,
  'lk-promotions': common,
  'lk-jackpot': common,
  'lk-winners': common,
  'lk-register': common,
  'lk-login': common,
  'lk-lottery': [...common, 'game-code', 'vendor', 'play-type', 'view', 'page-size'],
}

/**
 * The message namespaces each element shows (its `namespaces`): the loader asks for their files in
 * the element's language beside its code, instead of once the code has run (checked against the
 * elements by widgets/embed/define.test.ts).
 */
export const namespacesOf: Record<Tag, readonly string[]> = {
  'lk-games': ['common', 'lobby'],
  'lk-lobby': ['common', 'lobby', 'shell'],
  'lk-promotions': ['common', 'shell'],
  'lk-jackpot': ['common', 'shell'],
  'lk-winners': ['common', 'lobby'],
  'lk-register': ['common', 'embed'],
  'lk-login': ['common', 'embed'],
  'lk-lottery': ['common', 'lottery', 'embed'],
}

/** Defines `tag` unless something already did; returns the class in use. */
export function define(tag: string, element: CustomElementConstructor): CustomElementConstructor {
  const existing = customElements.get(tag)
  if (existing) return existing
  customElements.define(tag, element)
  return element
}

declare global {
  interface HTMLElementTagNameMap {
    'lk-games': LkGames
    'lk-lobby': LkLobby
    'lk-promotions': LkPromotions
    'lk-jackpot': LkJackpot
    'lk-winners': LkWinners
    'lk-register': LkRegister
    'lk-login': LkLogin
    'lk-lottery': LkLottery
  }
}
