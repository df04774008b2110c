import { z } from 'astro/zod'
import { describe, expect, it } from 'vitest'
import { collectionSchema, type ContentCollection, contentCollections, type FieldSpec } from '../../sdk/contract/content.ts'
import { decapConfig } from './decap-config.ts'
import { folderPath } from './files.ts'

/** The editor's forms and the build's schema come from one description: neither has a field or a value the other lacks. */
describe("the editor's forms and the build's schema are one description", () => {
  const config = decapConfig('Asia/Manila')

  it('has a form for every collection with exactly the fields the build checks, in every language folder', () => {
    expect(config.collections.map((c) => c.name).sort()).toEqual(Object.keys(contentCollections).sort())
    expect(folderPath(config.media_folder)).toEqual({ collection: 'promotions', images: true })
    expect(config.i18n).toEqual({ structure: 'multiple_folders', locales: ['en', 'es', 'cn', 'vi'], default_locale: 'en' })
    for (const c of config.collections) {
      const spec = contentCollections[c.name as ContentCollection].fields as Record<string, FieldSpec>
      expect(c.folder).toBe(`site/content/${c.name}`)
      // Every picture folder the editor opens is one the endpoint serves.
      expect(folderPath(c.media_folder.slice(1))).toEqual({ collection: c.name, images: true })
      expect(c.fields.map((f) => f.name).filter((n) => n !== 'translations' && n !== 'body')).toEqual(Object.keys(spec))
    }
  })

  it('offers exactly the values the build accepts, and dates in a form the build reads', () => {
    const promotions = config.collections.find((c) => c.name === 'promotions')
    const type = promotions?.fields.find((f) => f.name === 'type') as { options: string[] }
    const good = { title: 'T', summary: 'S', order: 1, starts: '2026-12-07 10:00', colour: '#0f766e' }
    for (const option of type.options) expect(collectionSchema(z, 'promotions').safeParse({ ...good, type: option }).success).toBe(true)
    expect(collectionSchema(z, 'promotions').safeParse({ ...good, type: 'lottery' }).success).toBe(false)
    // The datetime widget writes `YYYY-MM-DD HH:mm`, which the build keeps as the brand's wall time.
    const starts = promotions?.fields.find((f) => f.name === 'starts') as { format: string; hint: string }
    expect(starts.format).toBe('YYYY-MM-DD HH:mm')
    expect(starts.hint).toMatch(/Time zone: Asia\/Manila/)
    expect(collectionSchema(z, 'promotions').parse({ ...good, type: 'casino' })).toMatchObject({ starts: '2026-12-07T10:00' })
    const card = promotions?.fields.find((f) => f.name === 'card') as { widget: string; required: boolean }
    expect(card).toMatchObject({ widget: 'image', required: false })
  })
})
