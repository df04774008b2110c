import { describe, expect, it } from 'vitest'
import type { GameMenu, Vendor } from '../contract/index.ts'
import { prizeModeOf, regroupMenus } from './menus.ts'

const vendor = (vassalage: string, gameType: Vendor['gameType']): Vendor => ({ vassalage, name: vassalage, gameType, isHot: 0, isGame: 'GAME', logo: '', gameCount: 1 })
const menu = (gameType: GameMenu['gameType'], vendors: Vendor[]): GameMenu => ({ gameType, page: gameType.toLowerCase(), name: gameType, vendors })

describe('menus', () => {
  it('splits esports and cockfight providers out of sports, right after it', () => {
    const out = regroupMenus([
      menu('RNG', [vendor('PG', 'RNG')]),
      menu('SPORTS', [vendor('SABA', 'SPORTS'), vendor('TF', 'ESPORTS'), vendor('DS88', 'SPORTS'), vendor('SV3', 'SPORTS')]),
      menu('LIVE', [vendor('EVO', 'LIVE')]),
    ])
    expect(out.map((m) => m.gameType)).toEqual(['RNG', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LIVE'])
    expect(out[1].vendors.map((v) => v.vassalage)).toEqual(['SABA'])
    expect(out[3].vendors.map((v) => [v.vassalage, v.gameType])).toEqual([
      ['DS88', 'COCKFIGHT'],
      ['SV3', 'COCKFIGHT'],
    ])
  })

  it('uses the electronic lottery prize mode only when ELOTT lists TCG_LOTTO_VN or LOTT', () => {
    expect(prizeModeOf([menu('ELOTT', [vendor('TCG_LOTTO_VN', 'ELOTT')])])).toBe('Elott')
    expect(prizeModeOf([menu('ELOTT', [vendor('LOTT', 'ELOTT')])])).toBe('Elott')
    expect(prizeModeOf([menu('ELOTT', [vendor('TCG_SEA', 'ELOTT')]), menu('LOTT', [vendor('LOTT', 'LOTT')])])).toBe('Lott')
    expect(prizeModeOf([])).toBe('Lott')
  })
})
