/** Sizes the sandbox's HTTP layer enforces. @module */

/** Largest request body accepted. */
export const bodyLimit = 256 * 1024
