import * as v from 'valibot'
import * as gm from '../games.ts'
import * as lot from '../lottery.ts'
import * as lotPlay from '../play-types.ts'
import { e, type Route } from '../route.ts'

/**
 * The lottery room's calls: menus, popular and recent games, opened numbers, launch, draws and missions.
 * A room's table loads with the code that calls it, so a page carries only the reply schemas it can receive.
 */
export const lotteryRoutes = {
  // ── lottery ─────────────────────────────────────────────────────────────────
  lotteryMenu: e({ method: 'GET', path: '/lgw/vn/games/game_menu', token: false, response: v.array(lot.LotteryMenuSchema) }),
  lotteryRecent: e({ method: 'GET', path: '/lgw/vn/games/game_menu/recent', token: 'optional', response: v.array(lot.LotteryGameMenuSchema) }),
  lotteryPopular: e({ method: 'GET', path: '/lgw/games/popular', token: false, response: v.array(lot.LotteryGameMenuSchema) }),
  lotteryOpenedVN: e({ method: 'GET', path: '/lgw/vn/numeros/opened/game', token: false, response: v.array(lot.OpenedNumeroSchema) }),
  lotteryOpened: e({ method: 'GET', path: '/lotto/lgw/games/opened/numero', token: false, response: v.array(lot.OpenedNumeroSchema) }),
  lotteryLaunch: e({ method: 'GET', path: '/lgw/games/launch', token: true, response: gm.LaunchValue }),
  /** A game's draws with their commitments and revealed seeds (SPEC names no path; platform style). */
  lotteryDraws: e({ method: 'GET', path: '/lgw/games/draws', token: false, response: v.array(lotPlay.LotteryDrawSchema) }),
  missionSummary: e({ method: 'GET', path: '/wps/relay/MCSFE_getMissionSummaryDetails', token: true, response: lot.MissionSummarySchema }),
  missionLeaderboard: e({ method: 'GET', path: '/wps/relay/MCSFE_getMissionLeaderboard', token: false, response: lot.MissionLeaderboardSchema }),
} as const satisfies Record<string, Route>
