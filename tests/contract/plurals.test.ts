import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { htmlLang, translate, type Messages } from '../../sdk/i18n/index.ts'
import type { Language } from '../../sdk/contract/index.ts'

const languages: Language[] = ['en', 'es', 'cn', 'vi']
const table = (lang: Language): Messages =>
  Object.assign(
    {},
    ...readdirSync(join('locales', lang))
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join('locales', lang, f), 'utf8'))),
  )
const tables = Object.fromEntries(languages.map((lang) => [lang, table(lang)])) as Record<Language, Messages>
const say = (lang: Language, key: string, count: number, params: Record<string, string> = {}) => translate(tables[lang], tables.en, key, { ...params, count }, htmlLang(lang))

describe('counts in words (Intl.PluralRules)', () => {
  it.each(languages)('%s has no "(s)" texts: a count picks its form instead', (lang) => {
    expect(Object.entries(tables[lang]).filter(([, text]) => /\w\(s\)/.test(text))).toEqual([])
  })

  it.each(languages)('%s: every plural key has its "other" form, the one every language falls back to', (lang) => {
    const bases = Object.keys(tables[lang])
      .filter((k) => k.endsWith('_one'))
      .map((k) => k.slice(0, -'_one'.length))
    expect(bases.filter((base) => !(`${base}_other` in tables[lang]))).toEqual([])
  })

  // Texts where no word depends on the number ("(team of {count})", "RTP {count}%").
  const noWordsCounted = new Set(['agent_team_of', 'lobby_game_rtp'])
  it.each(languages)('%s: every text showing a {count} has plural forms', (lang) => {
    const bare = Object.entries(tables[lang]).filter(([key, text]) => text.includes('{count}') && !/_(zero|one|two|few|many|other)$/.test(key) && !noWordsCounted.has(key))
    expect(bare.map(([key]) => key)).toEqual([])
  })

  it('Spanish agrees with one: "1 registrado", "1 activo necesario"', () => {
    expect(say('es', 'agent_invite_registered', 1)).toBe('1 registrado')
    expect(say('es', 'agent_invite_registered', 2)).toBe('2 registrados')
    expect(say('es', 'agent_min_active_value', 1)).toBe('1 activo necesario')
  })

  it.each([
    ['en', 'Exported 1 row.', 'Exported 2 rows.'],
    ['es', 'Exportada 1 fila.', 'Exportadas 2 filas.'],
    ['cn', '已导出 1 行。', '已导出 2 行。'],
    ['vi', 'Đã xuất 1 dòng.', 'Đã xuất 2 dòng.'],
  ] as const)('%s: 1 and 2 exported rows', (lang, one, two) => {
    expect(say(lang, 'money_csv_done', 1)).toBe(one)
    expect(say(lang, 'money_csv_done', 2)).toBe(two)
  })

  it.each([
    ['en', '1 game', '2 games', 'P 6.00 in 1 payout', 'P 6.00 in 2 payouts'],
    ['es', '1 juego', '2 juegos', 'P 6.00 en 1 pago', 'P 6.00 en 2 pagos'],
  ] as const)('%s: games found and payouts', (lang, game, games, payout, payouts) => {
    expect(say(lang, 'lobby_result_count', 1)).toBe(game)
    expect(say(lang, 'lobby_result_count', 2)).toBe(games)
    expect(say(lang, 'agent_payouts_sum', 1, { amount: 'P 6.00' })).toBe(payout)
    expect(say(lang, 'agent_payouts_sum', 2, { amount: 'P 6.00' })).toBe(payouts)
  })

  it("groups a large count in the language's digits", () => {
    expect(say('en', 'agent_tx_caption', 1234)).toBe('1,234 transactions, newest first')
    expect(say('es', 'agent_tx_caption', 12345)).toBe('12.345 movimientos, los más recientes primero')
  })
})
