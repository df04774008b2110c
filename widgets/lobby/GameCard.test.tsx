import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Game } from '../../sdk/contract/index.ts'
import { CardSkeletons, GameCard } from './GameCard.tsx'

// Without loaded messages the translator answers with the key, so the markup names the keys it shows.
const game: Game = {
  nodeId: 'PG-0001',
  gameCode: 'pg_golden_dragon',
  code: '100000',
  displayName: 'Golden Dragon Megaways',
  vassalage: 'PG',
  vendor: 'PG',
  gameType: 'RNG',
  gameGroupCode: 'PG_RNG',
  gameClassify: 'SLOT',
  accountTypeId: 100,
  accountTypeName: 'PG Wallet',
  isHot: 1,
  isGame: 'GAME',
  defaultPlayType: '',
  minBet: 0.01,
  image: 'img/game/PG-0001.svg',
}
const card = (g: Game) => renderToStaticMarkup(<GameCard game={g} favourite={false} busy={false} onLaunch={() => {}} onToggleFavourite={() => {}} />)
const meta = (html: string) => /<p class="lk-gamecard__meta"[^>]*>(.*?)<\/p>/.exec(html)?.[1]

describe('GameCard', () => {
  it("shows the provider's name under the game's, outside the button that names the game", () => {
    const html = card({ ...game, vendorName: 'PG Soft' })
    expect(meta(html)).toBe('<span>PG Soft</span>')
    expect(/<button[^>]*class="lk-gamecard__play"[^>]*>(.*?)<\/button>/.exec(html)?.[1]).not.toContain('PG Soft')
  })

  it("shows the provider's code when the platform gives no name", () => {
    expect(meta(card(game))).toBe('<span>PG</span>')
  })

  it('shows the return to player and the volatility (its words, drawn as bars) when the platform gives them', () => {
    const html = card({ ...game, vendorName: 'PG Soft', rtp: 96.5, volatility: 'high' })
    expect(html).toContain(
      '<p class="lk-gamecard__meta" data-vol="high"><span>PG Soft</span><span>lobby_game_rtp</span><span class="lk-visually-hidden">lobby_volatility_high</span></p>',
    )
  })
})

describe('CardSkeletons', () => {
  it('draws placeholder cards the size of real ones, hidden from assistive technology under a busy list', () => {
    const html = renderToStaticMarkup(<CardSkeletons count={3} />)
    expect(html).toMatch(/^<ul class="lk-grid lk-grid--skeleton" aria-busy="true" aria-label="loading">/)
    expect(html.match(/<li class="lk-gamecard lk-gamecard--skeleton lk-skeleton" aria-hidden="true"><\/li>/g)).toHaveLength(3)
  })
})
