import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readElements } from '../../scripts/embed-manifest.ts'
import { docText, type DocKind } from '../../site/lib/embed-docs.ts'

// /partners takes the reference's prose from the `embed` locale files; the manifest (generated from
// the element sources) says what must be described.
const messages = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/embed.json`, 'utf8')) as Record<string, string>

describe('/partners reference texts', () => {
  const elements = readElements()

  it.each(['en', 'es'])('%s describes every element, attribute, event, part and CSS property of custom-elements.json', (lang) => {
    const table = messages(lang)
    const missing: string[] = []
    for (const el of elements) {
      if (!docText(table, el.tagName)) missing.push(el.tagName)
      const kinds: [DocKind, { name: string }[]][] = [
        ['attr', el.attributes],
        ['event', el.events],
        ['part', el.cssParts],
        ['prop', el.cssProperties],
      ]
      for (const [kind, items] of kinds) for (const item of items) if (!docText(table, el.tagName, kind, item.name)) missing.push(`${el.tagName} ${kind} ${item.name}`)
    }
    expect(missing).toEqual([])
  })

  it('says each of them in Spanish, not in English', () => {
    const [en, es] = [messages('en'), messages('es')]
    const same = Object.keys(en).filter((key) => key.startsWith('embed_doc_') && en[key] === es[key] && /[a-z]{4}/.test(en[key].replace(/`[^`]*`/g, '')))
    expect(same).toEqual([])
  })
})
