/** SPEC §8: asset chunk time-out (alone in its module: the inline hydration directive, site/directives/paint.ts, takes only this). */
export const chunkTimeoutMs = 120_000
