import type { Hono } from 'hono'
import type { Notice } from '../../../sdk/contract/all.ts'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { langOf } from './language.ts'

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
    const lang = langOf(input.language, ctx)
    const rows = await ctx.db.query<{
      id: string
      type: Notice['type']
      title_en: string
      title_es: string
      content_en: string
      content_es: string
      image: string
      start_time: string | number
    }>('SELECT id, type, title_en, title_es, content_en, content_es, image, start_time FROM notices WHERE type = ANY($1) AND start_time <= $2 ORDER BY sort', [
      input.types,
      ctx.now(),
    ])
    const notices = rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: lang === 'es' ? r.title_es : r.title_en,
      content: lang === 'es' ? r.content_es : r.content_en,
      image: r.image,
      startTime: new Date(Number(r.start_time)).toISOString(),
    }))
    const banners = await ctx.db.query<{
      banner_id: string
      group_name: string
      title_en: string
      title_es: string
      linkage_type: '' | 'URL' | 'ROUTE' | 'GAME' | 'PROMOTION'
      linkage: string
    }>('SELECT banner_id, group_name, title_en, title_es, linkage_type, linkage FROM banners ORDER BY sort')
    return {
      // The notice bar and notice modal list broadcasts, player notices and headlines.
      player: notices.filter((n) => n.type === 'B' || n.type === 'PL' || n.type === 'H'),
      banners: banners.map((b) => ({
        bannerId: b.banner_id,
        url: `img/banner/${b.banner_id}.${lang}.svg`,
        groupName: b.group_name,
        linkageType: b.linkage_type,
        linkage: b.linkage,
        title: lang === 'es' ? b.title_es : b.title_en,
      })),
      popup: notices.filter((n) => n.type === 'PU'),
      promotion: notices.filter((n) => n.type === 'PR'),
    }
  })
}
