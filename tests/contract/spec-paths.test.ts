import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { ErrorEnvelopeSchema, envelope, routes } from '../../sdk/contract/all.ts'
import { startSandbox } from '../../sandbox/testing.ts'

/** Every platform path SPEC §7 names (copied from the spec so the test runs without shared/). */
const specPaths = `/lgw/games/game_menus /lgw/games/popular /lgw/vn/games/game_menu /lgw/vn/games/game_menu/recent
/lgw/vn/numeros/opened/game /lotto/lgw/games/opened/numero /wps/agent/affiliate /wps/captcha /wps/feedback
/wps/game/launchGame /wps/member/info /wps/member/info/funds/consolidated /wps/member/info/icon /wps/member/password
/wps/member/password/email /wps/member/password/verification /wps/member/register /wps/member/register/mobile
/wps/relay/CSP_unreadCount /wps/relay/GCSGAME_gameList /wps/relay/GCSGAME_getRankList /wps/relay/GCSGAME_getVassGameType
/wps/relay/GCSGAME_hotGamesV2 /wps/relay/GCSGAME_newGameVendor /wps/relay/GCS_gameLaunchFB /wps/relay/GCS_recentGame
/wps/relay/GCS_walletTransfer /wps/relay/GLS2_roomList /wps/relay/MCS2_claimRafflePromotion /wps/relay/MCSFE_getFavoriteGames
/wps/relay/MCSFE_getFavoriteGamesList /wps/relay/MCSFE_getListAnnouncements /wps/relay/MCSFE_getMissionLeaderboard
/wps/relay/MCSFE_getMissionSummaryDetails /wps/relay/MCSFE_getPlayerAvatar /wps/session/login /wps/session/login/freeplay
/wps/session/logout /wps/system/domainRoute /wps/system/helpCenter /wps/system/setting/register /wps/system/status
/wps/system/whitelabel /wps/v2/wallets/balance /wps/verification/sms/noLogin /wps/verification/sms/register`
  .split(/\s+/)
  .filter(Boolean)

const AnyEnvelope = v.union([envelope(v.unknown()), ErrorEnvelopeSchema])

describe('the endpoint table covers SPEC §7', () => {
  const paths = new Set<string>(Object.values(routes).map((e) => e.path))
  it.each(specPaths)('%s is in the table', (path) => {
    expect(paths.has(path)).toBe(true)
  })
})

describe('every endpoint answers on the sandbox with the envelope', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>
  beforeAll(async () => {
    sandbox = await startSandbox()
  })
  afterAll(() => sandbox?.close())

  it.each(Object.entries(routes))('%s', async (_key, endpoint) => {
    const res = await fetch(sandbox.url + endpoint.path, {
      method: endpoint.method,
      headers: { 'Content-Type': 'application/json', Merchant: 'LOBBYKIT', Language: 'en', Device: 'WEB' },
      body: endpoint.method === 'GET' ? undefined : '{}',
    })
    // Without input or a session most calls are refused, but always with the envelope and never a 5xx.
    expect(res.status).toBeLessThan(500)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    const body: unknown = await res.json()
    expect(v.safeParse(AnyEnvelope, body).success).toBe(true)
  })

  it('an unknown platform path answers 404 with the envelope, not HTML', async () => {
    for (const path of ['/wps/nope', '/lgw/nope/deeper', '/lotto/x']) {
      const res = await fetch(sandbox.url + path)
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ success: false, code: 'not_found' })
    }
  })
})
