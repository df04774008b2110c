import type { Ctx } from '../../http/context.ts'
import { type Catalogue, type GameRec, type NameLanguage, nameLanguage } from '../../games/catalogue.ts'

/**
 * Helpers the games resources share: the language of names, and games by id.
 * @module
 */

/** The language of game names: the one asked for in the query, else the caller's. */
export const langOf = (asked: string | undefined, ctx: Ctx): NameLanguage => nameLanguage(asked ?? ctx.language)

/** The catalogue's games of `ids`, in that order (ids no longer in the catalogue are left out). */
export const recsOf = (c: Catalogue, ids: readonly string[]): GameRec[] => ids.map((id) => c.byId.get(id)).filter((g): g is GameRec => g !== undefined)
