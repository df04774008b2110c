import type { RouteModule } from '../../http/handle.ts'
import { registerGameMenuRoutes } from './menus.ts'
import { registerGameListRoutes } from './list.ts'
import { registerAnnouncementRoutes } from './announcements.ts'
import { registerFavouriteRoutes } from './favourites.ts'
import { registerRecentGameRoutes } from './recent.ts'
import { registerWinnerRoutes } from './winners.ts'
import { registerLaunchRoutes } from './launch.ts'
import { registerRoomRoutes } from './rooms.ts'
import { registerBetHistoryRoutes } from './bets.ts'

/** The games routes, one module per resource: menus, lists, announcements, favourites, recent games, winners, launches, rooms, bet history. */
export const gamesRoutes: readonly RouteModule[] = [
  registerGameMenuRoutes,
  registerGameListRoutes,
  registerAnnouncementRoutes,
  registerFavouriteRoutes,
  registerRecentGameRoutes,
  registerWinnerRoutes,
  registerLaunchRoutes,
  registerRoomRoutes,
  registerBetHistoryRoutes,
]
