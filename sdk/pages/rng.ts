/**
 * The electronic games page's path and its per-type address, apart from the other pages
 * (./pages.ts lists it with them): an embedded list links there without carrying every route.
 * @module
 */

/** The electronic games page (SPEC §2). */
export const rngPage = '/rng'

/** The electronic games page of one game type (`/rng/fish`). */
export const rngTypeHref = (gameType: string): string => `${rngPage}/${encodeURIComponent(gameType.toLowerCase())}`
