/**
 * Content collections for editors: help (including the terms), promotion articles, app download guides
 * and licences, one folder per language. Their fields and allowed values are described once, in
 * sdk/contract/content.ts, which the web editor (/admin/content, sandbox/content/) is configured from
 * too. Each schema is strict, so a missing or mistyped front-matter field fails the build with the
 * entry's file and the field's name.
 */
import { defineCollection } from 'astro:content'
import { glob } from 'astro/loaders'
import { z } from 'astro/zod'
import { type ContentCollection, collectionSchema } from '../sdk/contract/content.ts'
import { assertContentDates } from './lib/schedule.ts'
import { assertContentPictures, contentRoot } from './lib/content-checks.ts'

// The dates as the editors wrote them, before the YAML parser turns `2026-12-32` into 1 January; and
// the pictures they name, within their field's bytes and pixels.
assertContentDates(contentRoot)
assertContentPictures(contentRoot)

// Entries live at `<collection>/<lang>/<slug>.md`; the id is `<lang>/<slug>`.
const entries = (collection: ContentCollection) => glob({ pattern: '*/*.md', base: `${contentRoot}/${collection}` })

const help = defineCollection({ loader: entries('help'), schema: collectionSchema(z, 'help') })
const promotions = defineCollection({ loader: entries('promotions'), schema: ({ image }) => collectionSchema(z, 'promotions', image) })
const downloads = defineCollection({ loader: entries('downloads'), schema: collectionSchema(z, 'downloads') })
const licences = defineCollection({ loader: entries('licences'), schema: collectionSchema(z, 'licences') })

export const collections = { help, promotions, downloads, licences }
