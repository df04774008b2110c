import type { Game } from '../../sdk/contract/index.ts'

/**
 * A slot game as the platform lists it, for tests that need one without a sandbox: `n` makes the
 * codes and the name distinct (`G7`, "Game 7"), `over` sets what the test is about.
 */
export const aGame = (n = 1, over: Partial<Game> = {}): Game => ({
  nodeId: `g${n}`,
  gameCode: `G${n}`,
  code: `G${n}`,
  displayName: `Game ${n}`,
  vassalage: 'PG',
  vendor: 'PG',
  gameType: 'RNG',
  gameGroupCode: 'SLOT',
  gameClassify: 'SLOT',
  accountTypeId: 1,
  accountTypeName: 'PG',
  isHot: 0,
  isGame: 'GAME',
  defaultPlayType: '',
  minBet: 0.01,
  image: `/g${n}.png`,
  ...over,
})
