/**
 * The editors' content, described once: each collection's fields and allowed values, from which both
 * the build's schema (site/content.config.ts) and the web editor's collections (sandbox/content/) are
 * made, and the strict content dates and picture limits both check.
 *
 * The schema library is handed in (`z`): the site passes `astro/zod`, the editor's endpoint the same
 * module, so one {@link collectionSchema} refuses the same entries with the same messages in both.
 * Nothing here does I/O.
 * @module
 */
import type * as Zod from 'zod/v4'
import { welcomePromotion, welcomeTermsText } from './promotion.ts'

/** The languages of the content folders (`help/en/…`), English first: translations are measured against it. */
export const contentLanguages = ['en', 'es', 'cn', 'vi'] as const
export type ContentLanguage = (typeof contentLanguages)[number]

/** How a picture may be: at most this many bytes and pixels each way. */
export interface PictureLimits {
  maxBytes: number
  maxWidth: number
  maxHeight: number
}

interface Base {
  label: string
  hint?: string
  /** May be left out. */
  optional?: true
  /** `true`: written in each language; otherwise the English value is copied into every language. */
  translated?: true
}
/** One front-matter field. */
export type FieldSpec =
  | (Base & { kind: 'text'; min: number; max: number; multiline?: true; pattern?: { source: string; message: string } })
  | (Base & { kind: 'int'; min: number; default?: number })
  | (Base & { kind: 'choice'; options: readonly string[]; default?: string })
  | (Base & { kind: 'literal'; value: string })
  /** `time`: a date with a time of day (`2026-12-06T10:00`); otherwise a date alone. */
  | (Base & { kind: 'date'; time: boolean })
  | (Base & { kind: 'colour' })
  | (Base & { kind: 'picture'; limits: PictureLimits })

/** A collection: its label, its fields (`title` first, in every one) and the checks across fields. */
export interface CollectionSpec {
  label: string
  /** One entry, for buttons (`New Promotion`). */
  singular: string
  /** The site's pages that show an entry, for the editor's preview (without the language's path prefix). */
  pages: (slug: string) => string[]
  fields: Record<string, FieldSpec>
}

const title: FieldSpec = { kind: 'text', label: 'Title', min: 1, max: 120, translated: true }

/** Card pictures (the promotions list) and banners (the promotion's own page). */
export const pictureLimits = {
  card: { maxBytes: 300_000, maxWidth: 1200, maxHeight: 1200 },
  banner: { maxBytes: 600_000, maxWidth: 2400, maxHeight: 1200 },
} as const satisfies Record<string, PictureLimits>

/** Every collection editors write, by folder name under `site/content`. */
export const contentCollections = {
  help: {
    label: 'Help articles',
    singular: 'Help article',
    pages: (slug) => [`/help#${slug}`],
    fields: {
      title,
      order: { kind: 'int', label: 'Position in the help menu', hint: 'Smaller numbers come first.', min: 0 },
      kind: { kind: 'choice', label: 'Kind', hint: '"terms" is the article /help#terms opens.', options: ['topic', 'terms'], default: 'topic' },
      updated: { kind: 'date', label: 'Last updated', time: false },
    },
  },
  promotions: {
    label: 'Promotions',
    singular: 'Promotion',
    pages: (slug) => [`/promoDetail?id=${slug}`, '/promotions'],
    fields: {
      title,
      summary: { kind: 'text', label: 'Summary (on the card)', min: 1, max: 240, translated: true },
      type: { kind: 'choice', label: 'Type', options: ['deposit', 'rebate', 'referral', 'sports', 'casino'] },
      order: { kind: 'int', label: 'Position in the list', hint: 'Smaller numbers come first.', min: 0 },
      starts: { kind: 'date', label: 'Shown from', hint: "The brand's time zone. A date alone: from its midnight.", time: true },
      ends: { kind: 'date', label: 'Shown until', hint: "The brand's time zone. A date alone: through the whole day.", time: true, optional: true },
      colour: { kind: 'colour', label: 'Card colour' },
      card: { kind: 'picture', label: 'Card picture', hint: 'At most 300 KB and 1200 × 1200 pixels.', limits: pictureLimits.card, optional: true },
      banner: { kind: 'picture', label: 'Banner picture', hint: "On the promotion's page. At most 600 KB and 2400 × 1200 pixels.", limits: pictureLimits.banner, optional: true },
      activity: {
        kind: 'text',
        label: 'Platform promotion id',
        hint: 'The notice id whose live state and action the article shows (e.g. N-PR-002).',
        min: 1,
        max: 64,
        pattern: { source: '^[A-Za-z0-9-]{1,64}$', message: 'letters, digits and dashes only' },
        optional: true,
      },
      promotion: {
        kind: 'literal',
        label: 'Welcome promotion code',
        hint: `Only ${welcomePromotion.code}; its title and summary must state the platform's terms.`,
        value: welcomePromotion.code,
        optional: true,
      },
    },
  },
  downloads: {
    label: 'App download guides',
    singular: 'App download guide',
    pages: () => ['/download'],
    fields: {
      title,
      platform: { kind: 'choice', label: 'Platform', options: ['ios', 'android', 'lite'] },
      order: { kind: 'int', label: 'Position', min: 0 },
      resource: { kind: 'choice', label: 'Download link of', hint: 'Which link of the platform the guide shows.', options: ['IOS', 'ANDROID', 'LITE'] },
    },
  },
  licences: {
    label: 'Licences',
    singular: 'Licence',
    pages: () => ['/'],
    fields: {
      title,
      authority: { kind: 'text', label: 'Authority', min: 1, max: 120, translated: true },
      licence: { kind: 'text', label: 'Licence number', min: 1, max: 60 },
      mark: { kind: 'choice', label: 'Mark', options: ['malta', 'bvi', 'philippines'] },
    },
  },
} as const satisfies Record<string, CollectionSpec>

export type ContentCollection = keyof typeof contentCollections

/** The two forms an editor may write a date in, for messages. */
export const dateForms = '2026-12-06 or 2026-12-06 10:00'

/** A wall-clock moment as an editor writes it, in the brand's time zone. */
export interface WallTime {
  year: number
  month: number
  day: number
  /** Absent when the editor wrote a date alone. */
  hour?: number
  minute?: number
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/**
 * Reads a content date strictly, or says what is wrong with it.
 * @example parseContentDate('2026-12-06 10:00') // { year: 2026, month: 12, day: 6, hour: 10, minute: 0 }
 * @example parseContentDate('2026-12-32') // 'there is no day 32 in 2026-12'
 */
export function parseContentDate(raw: string): WallTime | string {
  const m = datePattern.exec(raw.trim())
  if (!m) return `"${raw}" is not a date in ISO form: write ${dateForms} (the brand's time zone)`
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (month < 1 || month > 12) return `there is no month ${m[2]} in "${raw}"`
  if (day < 1 || day > daysIn(year, month)) return `there is no day ${m[3]} in ${m[1]}-${m[2]}`
  if (m[4] === undefined) return { year, month, day }
  const [hour, minute] = [Number(m[4]), Number(m[5])]
  if (hour > 23 || minute > 59) return `"${raw}" is not a time of day (00:00 to 23:59)`
  return { year, month, day, hour, minute }
}

/** A {@link WallTime} written back canonically: `2026-12-06` or `2026-12-06T10:00`. */
export const wallText = (w: WallTime): string => {
  const p = (n: number, size = 2) => String(n).padStart(size, '0')
  const date = `${p(w.year, 4)}-${p(w.month)}-${p(w.day)}`
  return w.hour === undefined ? date : `${date}T${p(w.hour)}:${p(w.minute ?? 0)}`
}

/** The names of a collection's fields of one kind. */
export const fieldsOfKind = (collection: ContentCollection, kind: FieldSpec['kind']): string[] =>
  Object.entries(contentCollections[collection].fields as Record<string, FieldSpec>)
    .filter(([, f]) => f.kind === kind)
    .map(([name]) => name)

/**
 * Date mistakes in a Markdown file's front matter, as the editor wrote it (the YAML parser turns
 * `2026-12-32` into 1 January before any schema sees it): one `field: message` each.
 */
export function frontMatterDateMistakes(text: string, fields: readonly string[]): string[] {
  const found: string[] = []
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? ''
  for (const line of front.split(/\r?\n/)) {
    const m = /^([A-Za-z]+):\s*(.*?)\s*$/.exec(line)
    if (!m || !fields.includes(m[1]) || m[2] === '') continue
    const read = parseContentDate(m[2].replace(/^(["'])(.*)\1$/, '$2'))
    if (typeof read === 'string') found.push(`${m[1]}: ${read}`)
  }
  return found
}

/** Whether a text states the welcome promotion's percentage and cap as the platform grants them, as one of the languages writes them. */
const promisesPlatformTerms = (text: string): boolean =>
  contentLanguages.some((lang) => {
    const terms = welcomeTermsText(lang)
    return text.includes(terms.percent) && text.includes(terms.maxBonus)
  })

type Z = typeof Zod
/** The data of a field as the schema hands it over (`Picture`: what a picture field becomes). */
type ValueOf<F, Picture> = F extends { kind: 'int' }
  ? number
  : F extends { kind: 'choice'; options: readonly (infer O)[] }
    ? O
    : F extends { kind: 'literal'; value: infer V }
      ? V
      : F extends { kind: 'picture' }
        ? Picture
        : string
type DataOf<Fields, Picture> = { [K in keyof Fields as Fields[K] extends { optional: true } ? never : K]: ValueOf<Fields[K], Picture> } & {
  [K in keyof Fields as Fields[K] extends { optional: true } ? K : never]?: ValueOf<Fields[K], Picture>
}
/** An entry's front matter in `collection`, as the schema hands it over. */
export type ContentData<C extends ContentCollection, Picture = string> = DataOf<(typeof contentCollections)[C]['fields'], Picture>

/**
 * A content date field: `2026-12-06` or `2026-12-06 10:00` in the brand's time zone, kept as that wall
 * time (`2026-12-06T10:00`). The YAML parser hands a bare date over as a Date at UTC midnight; anything
 * else it turned into a Date (a time with seconds or a zone) is refused.
 */
const contentDate = (z: Z, time: boolean) =>
  z.union([z.date(), z.string()]).transform((value, ctx) => {
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime()) || value.getTime() % 86_400_000 !== 0) {
        ctx.addIssue({ code: 'custom', message: `write the date as ${dateForms} (no seconds, no time zone)` })
        return z.NEVER
      }
      return value.toISOString().slice(0, 10)
    }
    const read = parseContentDate(value)
    if (typeof read === 'string' || (!time && read.hour !== undefined)) {
      ctx.addIssue({ code: 'custom', message: typeof read === 'string' ? read : `write a date alone (2026-12-06), without a time` })
      return z.NEVER
    }
    return wallText(read)
  })

function fieldSchema(z: Z, f: FieldSpec, picture: () => Zod.ZodType): Zod.ZodType {
  const base = (() => {
    switch (f.kind) {
      case 'text': {
        const s = z.string().min(f.min).max(f.max)
        return f.pattern ? s.regex(new RegExp(f.pattern.source), { message: f.pattern.message }) : s
      }
      case 'int':
        return z.number().int().min(f.min)
      case 'choice':
        return f.default === undefined ? z.enum(f.options as [string, ...string[]]) : z.enum(f.options as [string, ...string[]]).default(f.default)
      case 'literal':
        return z.literal(f.value)
      case 'date':
        return contentDate(z, f.time)
      case 'colour':
        return z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'a colour as #rrggbb' })
      case 'picture':
        return picture()
    }
  })()
  return f.optional ? base.optional() : base
}

/**
 * The strict front-matter schema of `collection`: its fields, nothing else, and the checks across
 * fields. `picture` makes a picture field (the site: Astro's `image()`; default: the file's path).
 */
export function collectionSchema<C extends ContentCollection, Picture = string>(z: Z, collection: C, picture?: () => Zod.ZodType<Picture>): Zod.ZodType<ContentData<C, Picture>> {
  const fields = contentCollections[collection].fields as Record<string, FieldSpec>
  const shape = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, fieldSchema(z, f, picture ?? (() => z.string().min(1)))]))
  const strict = z.object(shape).strict()
  if (collection !== 'promotions') return strict as unknown as Zod.ZodType<ContentData<C, Picture>>
  const terms = (lang: ContentLanguage) => welcomeTermsText(lang)
  return strict
    .refine((d) => !d.ends || (d.ends as string) >= (d.starts as string).slice(0, (d.ends as string).length), { message: 'ends must not be before starts', path: ['ends'] })
    .refine((d) => !d.promotion || promisesPlatformTerms(`${d.title} ${d.summary}`), {
      message: `the title and summary of a ${welcomePromotion.code} article must state the platform's terms: ${terms('en').percent} up to ${terms('en').maxBonus} (Spanish ${terms('es').percent} hasta ${terms('es').maxBonus}, Vietnamese ${terms('vi').percent} tối đa ${terms('vi').maxBonus}), see sdk/contract/promotion.ts`,
      path: ['title'],
    }) as unknown as Zod.ZodType<ContentData<C, Picture>>
}
