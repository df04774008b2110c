/**
 * Content collections for editors: help (including the terms), promotion articles, app download guides
 * and licences, one folder per language. Each schema is strict, so a missing or mistyped front-matter
 * field fails the build with the entry's file and the field's name.
 */
import { defineCollection } from 'astro:content'
import { glob } from 'astro/loaders'
import { z } from 'astro/zod'
import { welcomePromotion, welcomeTermsText } from '../sdk/contract/promotion.ts'
import { assertContentDates, dateForms, parseContentDate, wallText } from './lib/schedule.ts'

// The dates as the editors wrote them, before the YAML parser turns `2026-12-32` into 1 January.
assertContentDates('site/content')

/**
 * A content date: `2026-12-06` or `2026-12-06 10:00` in the brand's time zone, kept as that wall time
 * (`2026-12-06T10:00`). The YAML parser hands a bare date over as a Date at UTC midnight; anything
 * else it turned into a Date (a time with seconds or a zone) is refused.
 */
const contentDate = () =>
  z.union([z.date(), z.string()]).transform((value, ctx) => {
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime()) || value.getTime() % 86_400_000 !== 0) {
        ctx.addIssue({ code: 'custom', message: `write the date as ${dateForms} (no seconds, no time zone)` })
        return z.NEVER
      }
      return value.toISOString().slice(0, 10)
    }
    const read = parseContentDate(value)
    if (typeof read === 'string') {
      ctx.addIssue({ code: 'custom', message: read })
      return z.NEVER
    }
    return wallText(read)
  })

/** Whether a text states the welcome promotion's percentage and cap as the platform grants them, as one of the languages writes them. */
const promisesPlatformTerms = (text: string): boolean =>
  (['en', 'es', 'cn', 'vi'] as const).some((lang) => {
    const terms = welcomeTermsText(lang)
    return text.includes(terms.percent) && text.includes(terms.maxBonus)
  })

// Entries live at `<collection>/<lang>/<slug>.md`; the id is `<lang>/<slug>`.
const entries = (collection: string) => glob({ pattern: '*/*.md', base: `./site/content/${collection}` })

/** An entry's front matter: the title every entry has, the collection's own fields, and nothing else. */
const frontMatter = <Fields extends z.ZodRawShape>(fields: Fields) => z.object({ title: z.string().min(1).max(120), ...fields }).strict()

const help = defineCollection({
  loader: entries('help'),
  schema: frontMatter({
    /** Position in the help menu (smaller first). */
    order: z.number().int().min(0),
    /** `terms` is the entry `/help#terms` opens. */
    kind: z.enum(['topic', 'terms']).default('topic'),
    updated: contentDate(),
  }),
})

const promotions = defineCollection({
  loader: entries('promotions'),
  schema: frontMatter({
    summary: z.string().min(1).max(240),
    type: z.enum(['deposit', 'rebate', 'referral', 'sports', 'casino']),
    order: z.number().int().min(0),
    /** First moment shown, in the brand's time zone (a date alone: from its midnight). */
    starts: contentDate(),
    /** Last day or moment shown (a date alone: through the whole day). */
    ends: contentDate().optional(),
    /** Accent colour of the card (CSS hex). */
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    /** The platform promotion (notice id) whose live activity state and action the article shows. */
    activity: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/)
      .optional(),
    /**
     * The platform promotion the article describes: its title and summary must state the platform's
     * own percentage and cap (sdk/contract/promotion.ts), or the build fails.
     */
    promotion: z.literal(welcomePromotion.code).optional(),
  })
    .refine((d) => !d.ends || d.ends >= d.starts.slice(0, d.ends.length), { message: 'ends must not be before starts', path: ['ends'] })
    .refine((d) => !d.promotion || promisesPlatformTerms(`${d.title} ${d.summary}`), {
      message: `the title and summary of a ${welcomePromotion.code} article must state the platform's terms: ${welcomeTermsText('en').percent} up to ${welcomeTermsText('en').maxBonus} (Spanish ${welcomeTermsText('es').percent} hasta ${welcomeTermsText('es').maxBonus}, Vietnamese ${welcomeTermsText('vi').percent} tối đa ${welcomeTermsText('vi').maxBonus}), see sdk/contract/promotion.ts`,
      path: ['title'],
    }),
})

const downloads = defineCollection({
  loader: entries('downloads'),
  schema: frontMatter({
    platform: z.enum(['ios', 'android', 'lite']),
    order: z.number().int().min(0),
    /** Resource type in the status reply whose url/qrCodeUrl this guide links to. */
    resource: z.enum(['IOS', 'ANDROID', 'LITE']),
  }),
})

const licences = defineCollection({
  loader: entries('licences'),
  schema: frontMatter({
    authority: z.string().min(1).max(120),
    licence: z.string().min(1).max(60),
    mark: z.enum(['malta', 'bvi', 'philippines']),
  }),
})

export const collections = { help, promotions, downloads, licences }
