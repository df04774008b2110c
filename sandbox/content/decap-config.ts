/**
 * The web editor's collections, made from the one description of the content (sdk/contract/content.ts)
 * that the build's schema is made from too: the same fields, allowed values, limits and languages.
 * @module
 */
import { contentCollections, type ContentCollection, contentLanguages, type FieldSpec } from '../../sdk/contract/content.ts'
import { contentDir } from './files.ts'

/** A Decap CMS field. */
type DecapField = Record<string, unknown>

/** A date, or a date and time, as the editor writes it and the build reads it (the brand's wall time). */
const dateWidget = (time: boolean) =>
  time
    ? { widget: 'datetime', format: 'YYYY-MM-DD HH:mm', date_format: 'YYYY-MM-DD', time_format: 'HH:mm', picker_utc: false }
    : { widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false, picker_utc: false }

/** One field of the description as a Decap field. */
export function decapField(name: string, f: FieldSpec, zone: string): DecapField {
  const common: DecapField = { name, label: f.label, required: !f.optional, i18n: f.translated ? true : 'duplicate', ...(f.hint && { hint: f.hint }) }
  switch (f.kind) {
    case 'text':
      return { ...common, widget: f.multiline ? 'text' : 'string', ...(f.pattern && { pattern: [f.pattern.source, f.pattern.message] }) }
    case 'int':
      return { ...common, widget: 'number', value_type: 'int', min: f.min, ...(f.default !== undefined && { default: f.default }) }
    case 'choice':
      return { ...common, widget: 'select', options: [...f.options], ...(f.default !== undefined && { default: f.default }) }
    case 'literal':
      return { ...common, widget: 'select', options: [f.value] }
    case 'date':
      return { ...common, ...dateWidget(f.time), hint: `${f.hint ?? ''} Time zone: ${zone}.`.trim() }
    case 'colour':
      return { ...common, widget: 'color', allowInput: true, pattern: ['^#[0-9a-fA-F]{6}$', 'a colour as #rrggbb'] }
    case 'picture':
      return { ...common, widget: 'image', choose_url: false }
  }
}

/** The page paths of each collection's preview, `{{slug}}` standing for the entry's name. */
export const previewPages = Object.fromEntries(Object.entries(contentCollections).map(([name, c]) => [name, c.pages('{{slug}}')])) as Record<ContentCollection, string[]>

/**
 * The whole Decap CMS configuration (without its backend address, which the page adds for its origin).
 * Entries sit at `<collection>/<language>/<slug>.md` (Decap's `multiple_folders`), pictures in the
 * collection's `images` folder, named from the entry as `../images/<file>` (as the build resolves them).
 */
export function decapConfig(zone: string) {
  return {
    load_config_file: false,
    publish_mode: 'simple',
    // File names the endpoint takes: small letters, digits and dashes (`Código de bono` → `codigo-de-bono`).
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    // The editor's Media button: the promotions' pictures (cards and banners).
    media_folder: `${contentDir}/promotions/images`,
    public_folder: '../images',
    i18n: { structure: 'multiple_folders', locales: [...contentLanguages], default_locale: 'en' },
    collections: (Object.keys(contentCollections) as ContentCollection[]).map((name) => {
      const spec = contentCollections[name]
      return {
        name,
        label: spec.label,
        label_singular: spec.singular,
        folder: `${contentDir}/${name}`,
        create: true,
        delete: true,
        extension: 'md',
        format: 'frontmatter',
        slug: '{{slug}}',
        identifier_field: 'title',
        summary: '{{title}} · {{translations}}',
        media_folder: `/${contentDir}/${name}/images`,
        public_folder: '../images',
        i18n: true,
        fields: [
          { name: 'translations', label: 'Translation status', widget: 'lk-status', required: false, i18n: false },
          ...Object.entries(spec.fields as Record<string, FieldSpec>).map(([field, f]) => decapField(field, f, zone)),
          { name: 'body', label: 'Text', widget: 'markdown', i18n: true },
        ],
      }
    }),
  }
}
