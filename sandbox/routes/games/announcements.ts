import type { Hono } from 'hono'
import type { Notice } from '../../../sdk/contract/all.ts'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { textIn, textLangOf } from '../../games/texts.ts'

/**
 * Announcements: notices of the asked types and the banners, in the caller's language.
 * @module
 */

/**
 * Mounts the announcements endpoint.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerAnnouncementRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'announcements', async (input, ctx) => {
    const lang = textLangOf(input.language, ctx.language)
    const rows = await ctx.db.query<{
      id: string
      type: Notice['type']
      image: string
      start_time: string | number
      [text: string]: unknown
    }>(
      'SELECT id, type, title_en, title_es, title_cn, title_vi, content_en, content_es, content_cn, content_vi, image, start_time FROM notices WHERE type = ANY($1) AND start_time <= $2 ORDER BY sort',
      [input.types, ctx.now()],
    )
    const notices = rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: textIn(r, 'title', lang),
      content: textIn(r, 'content', lang),
      image: r.image,
      startTime: new Date(Number(r.start_time)).toISOString(),
    }))
    const banners = await ctx.db.query<{
      banner_id: string
      group_name: string
      linkage_type: '' | 'URL' | 'ROUTE' | 'GAME' | 'PROMOTION'
      linkage: string
      [text: string]: unknown
    }>('SELECT banner_id, group_name, title_en, title_es, title_cn, title_vi, linkage_type, linkage FROM banners ORDER BY sort')
    return {
      // The notice bar and notice modal list broadcasts, player notices and headlines.
      player: notices.filter((n) => n.type === 'B' || n.type === 'PL' || n.type === 'H'),
      banners: banners.map((b) => ({
        bannerId: b.banner_id,
        url: `img/banner/${b.banner_id}.${lang}.svg`,
        groupName: b.group_name,
        linkageType: b.linkage_type,
        linkage: b.linkage,
        title: textIn(b, 'title', lang),
      })),
      popup: notices.filter((n) => n.type === 'PU'),
      promotion: notices.filter((n) => n.type === 'PR'),
    }
  })
}
