import * as v from 'valibot'
import { LanguageSchema, text } from './common.ts'

/*
 * Banners and notices (SPEC §3 announcements): the notice bar, the notice popup and the banners read
 * them, all islands that start when the page is idle, so their schemas sit apart from the game lists'
 * (./games.ts), which every games page needs at once.
 */

export const BannerSchema = v.object({
  bannerId: text(64),
  url: text(2000),
  groupName: text(32),
  /** Empty when the banner is not clickable. */
  linkageType: v.picklist(['', 'URL', 'ROUTE', 'GAME', 'PROMOTION']),
  linkage: text(2000),
  title: text(200),
})
export type Banner = v.InferOutput<typeof BannerSchema>

/** Notice types: broadcast, player notice, popup, promotion, headline (SPEC §3). */
export const noticeTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const

/** Notice / announcement. `content` is server HTML and must be sanitised before rendering. */
export const NoticeSchema = v.object({
  id: text(64),
  type: v.picklist(noticeTypes),
  title: text(500),
  content: text(100_000),
  image: text(2000),
  startTime: text(40),
})
export type Notice = v.InferOutput<typeof NoticeSchema>

export const AnnouncementsQuery = v.object({
  /** Comma-separated notice types (`B,PL`), read as a list; every entry must be a known type. */
  types: v.optional(
    v.pipe(
      text(32),
      v.transform((s) =>
        s
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
      v.check((list) => list.every((t) => (noticeTypes as readonly string[]).includes(t)), `Notice types are ${noticeTypes.join(', ')}`),
    ),
    noticeTypes.join(','),
  ),
  platform: v.optional(v.literal('W'), 'W'),
  execution: v.optional(v.literal('B'), 'B'),
  language: v.optional(LanguageSchema),
})
/** Notice payload lists (SPEC §3). */
export const AnnouncementsSchema = v.object({
  player: v.array(NoticeSchema),
  banners: v.array(BannerSchema),
  popup: v.array(NoticeSchema),
  promotion: v.array(NoticeSchema),
})
