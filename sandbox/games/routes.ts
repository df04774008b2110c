import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { RoundRequest, text } from '../../sdk/contract/all.ts'
import { Fail } from '../http/fail.ts'
import type { Deps } from '../http/context.ts'
import { balanceOf, memberAccount } from '../ledger.ts'
import { catalogueOf, nameLanguage } from './catalogue.ts'
import { brandZone } from '../protect/periods.ts'
import { currentDraw, remainTime } from './draws.ts'
import { kindOf } from './engine.ts'
import { bannerImage, gameThumb, rewardPicture, vendorLogo } from './images.ts'
import { type PageLanguage, pageLanguageOf } from './strings.ts'
import { textIn, textLangOf } from './texts.ts'
import { closedReason, resolveLaunch, type LaunchBinding } from './launch.ts'
import { renderInvalidPage, renderPlayPage } from './pages.ts'
import { playRound } from './rounds.ts'
import { refusalMessage, type RefusalLanguage } from '../protect/messages.ts'
import { envelope, playBody } from './play-api.ts'
import { findLotteryGame } from '../lottery/games.ts'
import { renderLotteryPage } from '../lottery/page.ts'
import { screenState } from '../lottery/routes.ts'

/**
 * The sandbox's stand-in for a vendor CDN, under `/sandbox/cdn1` and `/sandbox/cdn2` (same content):
 * play pages and their round API (authorised by the launch token in the path), and SVG images for
 * games, vendors, banners and promotions. Not dev-only: launched games need it in production too.
 * @module
 */

const CDN = '/sandbox/:cdn{cdn[12]}'
/** Round request of the demo pages: the contract's money call plus the player's pick. */
export const PlayRoundRequest = v.object({ ...RoundRequest.entries, choice: v.optional(text(16)) })

const IMAGE_HEADERS = { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' }
// The pages run only their own inline script and talk only to their own origin.
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'",
}

const pageLanguage = (c: Context): PageLanguage => {
  const asked = c.req.header('accept-language')?.toLowerCase() ?? ''
  return asked.startsWith('es') ? 'es' : asked.startsWith('zh') ? 'cn' : asked.startsWith('vi') ? 'vi' : 'en'
}

function svg(c: Context, body: string | null): Response {
  if (body === null) return c.body('Not found', 404, { 'content-type': 'text/plain; charset=utf-8' })
  return c.body(body, 200, IMAGE_HEADERS)
}

/**
 * Mounts the CDN routes: `GET …/play/:token`, `POST …/play/:token/round`, `GET …/img/{game,vendor,banner,promo,reward}/:file`.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerCdnRoutes(app: Hono, deps: Deps): void {
  app.get(`${CDN}/play/:token`, async (c) => {
    if (await closedReason(deps.db)) return c.html(renderInvalidPage(pageLanguage(c)), 503, PAGE_HEADERS)
    const binding = await resolveLaunch(deps.db, c.req.param('token'), deps.now())
    if (typeof binding === 'string') return c.html(renderInvalidPage(pageLanguage(c)), binding === 'expired' ? 401 : 404, PAGE_HEADERS)
    const catalogue = await catalogueOf(deps.db)
    const game = catalogue.byId.get(binding.nodeId)
    if (!game) return c.html(renderInvalidPage(pageLanguage(c)), 404, PAGE_HEADERS)
    // Game names in their name language (English for Chinese and Vietnamese); the page in the launch's.
    const names = nameLanguage(binding.language)
    const lang = pageLanguageOf(binding.language)
    const lottery = await findLotteryGame(deps.db, { nodeId: game.nodeId })
    if (lottery) {
      return c.html(
        renderLotteryPage({
          lang,
          nodeId: game.nodeId,
          gameCode: lottery.schedule.gameCode,
          name: game.name[names],
          vendor: catalogue.vendorByCode.get(game.vendor)?.name ?? game.vendor,
          color: catalogue.vendorByCode.get(game.vendor)?.color ?? '#128547',
          minBet: game.minBet,
          state: await screenState(deps, binding.memberId, lottery, deps.now()),
        }),
        200,
        PAGE_HEADERS,
      )
    }
    const kind = kindOf(game.gameType)
    const schedule = kind === 'lottery' ? (await findLotteryGame(deps.db, { nodeId: game.nodeId }))?.schedule : undefined
    const now = deps.now()
    return c.html(
      renderPlayPage({
        kind,
        lang,
        nodeId: game.nodeId,
        name: game.name[names],
        vendor: catalogue.vendorByCode.get(game.vendor)?.name ?? game.vendor,
        color: catalogue.vendorByCode.get(game.vendor)?.color ?? '#128547',
        minBet: game.minBet,
        balance: await balanceOf(deps.db, memberAccount(binding.memberId)),
        draw: schedule && { numero: currentDraw(schedule, now).numero, remainTime: remainTime(schedule, now) },
      }),
      200,
      PAGE_HEADERS,
    )
  })

  app.post(`${CDN}/play/:token/round`, async (c) => {
    // A protection refusal is shown inside the frame: in the launch's language.
    let lang: RefusalLanguage = 'en'
    try {
      // Rounds stop while the platform is closed (maintenance, region block), like every other call.
      const closed = await closedReason(deps.db)
      if (closed) return envelope(c, closed.code, closed.message, null)
      const binding: LaunchBinding | string = await resolveLaunch(deps.db, c.req.param('token'), deps.now())
      if (binding === 'expired') return envelope(c, 'session_expired', 'This game session has expired: launch the game again', null)
      if (typeof binding === 'string') return envelope(c, 'not_found', 'Unknown game session', null)
      lang = pageLanguageOf(binding.language)
      const parsed = await playBody(c, PlayRoundRequest, 'Send stake (minor units), idempotencyKey and an optional choice')
      if (parsed instanceof Response) return parsed
      const catalogue = await catalogueOf(deps.db)
      const game = catalogue.byId.get(binding.nodeId)
      const [member] = await deps.db.query<{ id: string; username: string }>('SELECT id, username FROM members WHERE id = $1', [binding.memberId])
      if (!game || !member) return envelope(c, 'not_found', 'Unknown game session', null)
      const result = await playRound(
        deps.db,
        {
          player: member,
          game: { nodeId: game.nodeId, gameType: game.gameType, minBet: game.minBet },
          stake: parsed.value.stake,
          choice: parsed.value.choice,
          idempotencyKey: parsed.value.idempotencyKey,
        },
        deps.now(),
      )
      return envelope(c, 'ok', '', {
        roundId: result.roundId,
        nodeId: result.nodeId,
        stake: result.stake,
        payout: result.payout,
        choice: result.choice,
        outcome: result.outcome,
        balance: result.balance,
        replay: result.replay,
        time: new Date(result.time).toISOString(),
      })
    } catch (e) {
      if (e instanceof Fail) return envelope(c, e.code, refusalMessage(e, lang, await brandZone(deps.db)), null, e.fields)
      throw e
    }
  })

  app.get(`${CDN}/img/game/:file`, async (c) => {
    const id = /^(.{1,64})\.svg$/.exec(c.req.param('file'))?.[1]
    const catalogue = await catalogueOf(deps.db)
    const g = id ? catalogue.byId.get(id) : undefined
    const vendor = g && catalogue.vendorByCode.get(g.vendor)
    return svg(c, g ? gameThumb(g.nodeId, g.name[nameLanguage(c.req.query('lang'))], g.vendor.replace(/_/g, ' '), vendor?.color ?? '#128547') : null)
  })

  app.get(`${CDN}/img/vendor/:file`, async (c) => {
    const code = /^(.{1,32})\.svg$/.exec(c.req.param('file'))?.[1]
    const vendor = code ? (await catalogueOf(deps.db)).vendorByCode.get(code) : undefined
    return svg(c, vendor ? vendorLogo(vendor.code, vendor.name, vendor.color) : null)
  })

  app.get(`${CDN}/img/banner/:file`, async (c) => {
    const m = /^([A-Za-z0-9_-]{1,64})\.(en|es|cn|vi)\.svg$/.exec(c.req.param('file'))
    if (!m) return svg(c, null)
    const [row] = await deps.db.query<{ color: string; [text: string]: unknown }>('SELECT title_en, title_es, title_cn, title_vi, color FROM banners WHERE banner_id = $1', [m[1]])
    return svg(c, row ? bannerImage(m[1], textIn(row, 'title', textLangOf(m[2])), row.color) : null)
  })

  app.get(`${CDN}/img/promo/:file`, async (c) => {
    const m = /^([A-Za-z0-9_-]{1,64})(?:\.(en|es|cn|vi))?\.svg$/.exec(c.req.param('file'))
    if (!m) return svg(c, null)
    const [row] = await deps.db.query<Record<string, unknown>>('SELECT title_en, title_es, title_cn, title_vi FROM notices WHERE id = $1', [m[1]])
    return svg(c, row ? bannerImage(m[1], textIn(row, 'title', textLangOf(m[2])), '#0b5d3b') : null)
  })

  // A point-mall reward's picture (`img/reward/R-CASH-5.svg`, `.es.svg` for the Spanish title).
  app.get(`${CDN}/img/reward/:file`, async (c) => {
    const m = /^([A-Za-z0-9_-]{1,64})(?:\.(en|es|cn|vi))?\.svg$/.exec(c.req.param('file'))
    if (!m) return svg(c, null)
    const [row] = await deps.db.query<Record<string, unknown>>('SELECT * FROM mall_rewards WHERE id = $1', [m[1]])
    return svg(c, row ? rewardPicture(m[1], textIn(row, 'title', textLangOf(m[2])), Number(row.points)) : null)
  })
}
