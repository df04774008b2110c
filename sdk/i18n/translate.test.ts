import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { translate, type Messages } from './translate.ts'

const lobby = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/lobby.json`, 'utf8')) as Messages
const en = lobby('en')

describe('plurals by Intl.PluralRules', () => {
  it.each([
    ['en', 'en', 1, '1 game'],
    ['en', 'en', 0, '0 games'],
    ['en', 'en', 2, '2 games'],
    ['en', 'en', 1234, '1,234 games'],
    ['es', 'es', 1, '1 juego'],
    ['es', 'es', 5, '5 juegos'],
    ['es', 'es', 12345, '12.345 juegos'],
    ['cn', 'zh-CN', 1, '共 1 款游戏'],
    ['vi', 'vi', 3, '3 trò chơi'],
  ])('%s (%s): %d', (lang, locale, count, text) => {
    expect(translate(lobby(lang), en, 'lobby_result_count', { count }, locale)).toBe(text)
  })

  it('falls back to the other form, then to English forms, then to the plain key', () => {
    expect(translate({ x_other: '{count} things' }, {}, 'x', { count: 1 }, 'en')).toBe('1 things')
    expect(translate({}, { x_one: 'one thing', x_other: '{count} things' }, 'x', { count: 1 }, 'es')).toBe('one thing')
    expect(translate({ x: '{count} left' }, {}, 'x', { count: 1 })).toBe('1 left')
    expect(translate({}, {}, 'x', { count: 1 })).toBe('x')
  })

  it('leaves other numbers as given', () => {
    expect(translate({ y: 'Slide {n} of {total}' }, {}, 'y', { n: 1, total: 1200 }, 'en')).toBe('Slide 1 of 1200')
  })
})
