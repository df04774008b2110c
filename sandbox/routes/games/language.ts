import type { Ctx } from '../../http/context.ts'
import { type NameLanguage, nameLanguage } from '../../games/catalogue.ts'

/**
 * The language game names are given in by the games resources.
 * @module
 */

/** The language of game names: the one asked for in the query, else the caller's. */
export const langOf = (asked: string | undefined, ctx: Ctx): NameLanguage => nameLanguage(asked ?? ctx.language)
