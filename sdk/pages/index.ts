/**
 * The site's page routes (SPEC §2), written once like the endpoint table: every link, redirect and
 * navigation in sdk/, widgets/ and site/ reads its path here, and `tests/contract/page-routes.test.ts`
 * checks each one is a page in `site/pages`. Astro pages keep their own file-based routes.
 * @module
 */
import { rngPage, rngTypeHref } from './rng.ts'

/** Path of every page, by name (the SPEC's route names). */
export const pages = {
  home: '/',
  /** SPEC §2 also names `/index` and `/home` for the home page. */
  index: '/index',
  homeAlias: '/home',
  login: '/login',
  register: '/register',
  registerHtml: '/register.html',
  forget: '/forget',
  changePassword: '/changePassword',
  noticePage: '/noticePage',
  vip: '/vip',
  pointMall: '/pointMall',
  live: '/live',
  sports: '/sports',
  esports: '/esports',
  elott: '/elott',
  cockfight: '/cockfight',
  rng: rngPage,
  pvp: '/pvp',
  fish: '/fish',
  lottery: '/lottery',
  vnlottery: '/vnlottery',
  promotions: '/promotions',
  promoDetail: '/promoDetail',
  seamless: '/seamless',
  fbsports: '/fbsports',
  help: '/help',
  helpmc: '/helpmc',
  down: '/down',
  download: '/download',
  join: '/join',
  game: '/game',
  agentHome: '/agentHome',
  /** The embed's partner documentation. */
  partners: '/partners',
  /** The operator back office (no link from the player's pages leads there). */
  admin: '/admin',
} as const

/** A page's name in {@link pages}. */
export type PageName = keyof typeof pages
/** A page's path. */
export type PagePath = (typeof pages)[PageName]

const paths = new Map<string, PagePath>(Object.entries(pages).map(([name, path]) => [name.toLowerCase(), path]))

/**
 * The page of a game type or platform page name (`RNG` → `/rng`, `cockfight` → `/cockfight`), or
 * `undefined` when the site has no such page.
 */
export const pageOf = (name: string): PagePath | undefined => paths.get(name.replace(/^\/+/, '').toLowerCase())

// Only the parameters that are present, so `/lottery` stays bare when nothing is chosen.
const withQuery = (path: string, query: Readonly<Record<string, string | undefined>>): string => {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value) search.set(name, value)
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

/**
 * Addresses of the pages that take parameters, typed.
 * @example pageHref.game('https://cdn.example/play?id=1') // '/game?url=https%3A%2F%2Fcdn.example%2Fplay%3Fid%3D1'
 */
export const pageHref = {
  /** The iframe game page for a launch address. */
  game: (url: string): string => withQuery(pages.game, { url }),
  /** The electronic games page, optionally on a vendor (`vassalage`) or opening a game (`nodeId`). */
  rng: (query: { vassalage?: string; nodeId?: string } = {}): string => withQuery(pages.rng, query),
  /** A category page (`/live`, `/fish`, …) on one vendor's tab. */
  vendor: (page: PagePath, vassalage: string): string => withQuery(page, { vassalage }),
  /** The electronic games page of one game type (`/rng/fish`). */
  rngType: rngTypeHref,
  /** `/lottery` with gameCode, vendor and playType, each only when present (SPEC §2). */
  lottery: (query: { gameCode?: string; vendor?: string; playType?: string } = {}): string =>
    withQuery(pages.lottery, { gameCode: query.gameCode, vendor: query.vendor, playType: query.playType }),
  /** The FB sports page, on the product picked (`nodeId`) or the sportsbook. */
  fbsports: (nodeId?: string): string => withQuery(pages.fbsports, { nodeId }),
  /** One promotion. */
  promoDetail: (id: string): string => withQuery(pages.promoDetail, { id }),
  /** The help page opened on the terms (SPEC §2 `/help#terms`). */
  helpTerms: (): string => `${pages.help}#terms`,
} as const
