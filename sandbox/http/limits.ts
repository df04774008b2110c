/** Sizes the sandbox's HTTP layer enforces. @module */

/** Largest request body accepted. */
export const bodyLimit = 256 * 1024
/** Largest body of a game's play call (a round, a lottery bet): a few fields. */
export const playBodyLimit = 4 * 1024
/** Largest body passed on to a real platform (`PLATFORM_URL`): a proof image (5 MB) and its envelope. */
export const proxyBodyLimit = 6 * 1024 * 1024
/** Deepest nesting of arrays and objects a JSON body may have (the contract's deepest is 3). */
export const jsonDepthLimit = 16
