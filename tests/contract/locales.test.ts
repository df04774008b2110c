import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { apiCodes } from '../../sdk/contract/all.ts'

const root = 'locales'
const languages = ['en', 'es', 'cn', 'vi']
const load = (lang: string) => {
  const merged: Record<string, string> = {}
  const owners: Record<string, string> = {}
  const duplicates: string[] = []
  for (const file of readdirSync(join(root, lang)).filter((f) => f.endsWith('.json'))) {
    const table = JSON.parse(readFileSync(join(root, lang, file), 'utf8')) as Record<string, unknown>
    for (const [key, value] of Object.entries(table)) {
      if (key in merged) duplicates.push(`${key} (${owners[key]} and ${file})`)
      merged[key] = String(value)
      owners[key] = file
    }
  }
  return { merged, duplicates }
}

describe('locales', () => {
  const en = load('en').merged

  it.each(languages)('%s defines each key once, with text', (lang) => {
    const { merged, duplicates } = load(lang)
    expect(duplicates).toEqual([])
    expect(
      Object.entries(merged)
        .filter(([, v]) => v.trim() === '')
        .map(([k]) => k),
    ).toEqual([])
  })

  it.each(['es', 'cn', 'vi'])('%s has every English key and no stray ones', (lang) => {
    const other = load(lang).merged
    expect(Object.keys(en).filter((k) => !(k in other))).toEqual([])
    expect(Object.keys(other).filter((k) => !(k in en))).toEqual([])
  })

  it('every error code has a message', () => {
    expect(apiCodes.map((c) => `err_${c}`).filter((k) => !(k in en))).toEqual([])
  })

  it('Spanish is really translated, not English copied', () => {
    const es = load('es').merged
    const same = Object.keys(en).filter((k) => en[k] === es[k] && /[a-z]{4,}/i.test(en[k]))
    // Brand names and codes may legitimately match; whole sentences may not.
    const words = (text: string) =>
      text
        .replace(/\{\w+\}/g, ' ')
        .split(/\s+/)
        .filter((w) => /\p{L}{2,}/u.test(w))
    expect(same.filter((k) => words(en[k]).length > 2)).toEqual([])
  })

  it('Vietnamese carries the texts the spec quotes', () => {
    expect(Object.values(load('vi').merged)).toContain('Đang cập nhật')
  })
})
