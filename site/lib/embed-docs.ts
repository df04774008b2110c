/**
 * The /partners reference's prose, from the `embed` locale files: custom-elements.json (generated
 * from the element sources) says which elements, attributes, events, parts and properties exist;
 * their descriptions in each language are message keys. An item documented alike on every element
 * has one key (`embed_doc_attr_platform`); an element that says more has its own
 * (`embed_doc_lk_lottery_attr_vendor`), looked up first. tests/contract/embed-docs.test.ts checks
 * every item of the manifest has a text in English and Spanish.
 * @module
 */
import type { Messages } from '../../sdk/i18n/index.ts'

/** The kinds of item a manifest declaration lists. */
export type DocKind = 'attr' | 'event' | 'part' | 'prop'

const slug = (name: string) =>
  name
    .replace(/[^a-zA-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase()

/** The keys of an element's summary (no `kind`) or of one of its items, most specific first. */
export function docKeys(tag: string, kind?: DocKind, name?: string): string[] {
  if (!kind) return [`embed_doc_${slug(tag)}`]
  return [`embed_doc_${slug(tag)}_${kind}_${slug(name ?? '')}`, `embed_doc_${kind}_${slug(name ?? '')}`]
}

/** The text of an element's summary or item in `messages`, or undefined when it has none. */
export function docText(messages: Messages, tag: string, kind?: DocKind, name?: string): string | undefined {
  const key = docKeys(tag, kind, name).find((k) => Object.hasOwn(messages, k))
  return key === undefined ? undefined : messages[key]
}
