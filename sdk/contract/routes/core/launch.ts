import { e } from '../../route.ts'
import * as gm from '../../games.ts'

// The launch rules' calls (sdk/games/launch.ts), made on the first game a player opens.

/** One game by its id (a GAME banner names only the id; the launch rules need its type and vendor). */
export const gameInfo = e({ method: 'GET', path: '/wps/relay/GCSGAME_gameInfo', token: false, response: gm.GameSchema })
export const launchGame = e({ method: 'GET', path: '/wps/game/launchGame', token: true, response: gm.LaunchValue })
export const launchFB = e({ method: 'GET', path: '/wps/relay/GCS_gameLaunchFB', token: true, response: gm.LaunchValue })
