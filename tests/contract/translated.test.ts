import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkLocales, describeProblem } from '../../scripts/locale-check.ts'

const exceptions = join('locales', 'glossary', 'exceptions.txt')

describe('translation check (the build runs it too)', () => {
  it('finds no Chinese or Vietnamese text left in English, and no placeholder lost in es, cn or vi', () => {
    // Each line names the file and key to fix.
    expect(checkLocales().map(describeProblem)).toEqual([])
  })

  describe('on locales made for the test', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lk-locales-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const write = (lang: string, table: Record<string, string>) => {
      mkdirSync(join(dir, lang), { recursive: true })
      writeFileSync(join(dir, lang, 'money.json'), JSON.stringify(table))
    }
    write('en', {
      copied: 'Your balance is not enough.',
      partly: 'Deposit {amount} now',
      brand: 'GCash',
      lost: 'Withdraw {amount} to {account}?',
      bound: 'Between (min) and (max)',
      words_one: '{count} row',
      words_other: '{count} rows',
      vip: 'VIP {level}',
    })
    write('es', {
      copied: 'Tu saldo no es suficiente.',
      partly: 'Deposita {amount} ahora',
      brand: 'GCash',
      lost: '¿Retirar {amount}?',
      bound: 'Entre (min) y (max)',
      words_one: '{count} fila',
      words_other: '{count} filas',
      vip: 'VIP {level}',
    })
    write('cn', {
      copied: 'Your balance is not enough.',
      partly: '立即 deposit {amount}',
      brand: 'GCash',
      lost: '提款 {amount} 至 {account}？',
      bound: '介于 (min) 和 (max) 之间',
      words_one: '{count} 行',
      words_other: '{count} 行',
      vip: 'VIP {level}',
    })
    write('vi', {
      copied: 'Số dư của bạn không đủ.',
      partly: 'Nạp {amount} ngay',
      brand: 'GCash',
      lost: 'Rút {amount} về {acount}?',
      bound: 'Từ (min) đến max',
      words_one: 'Xuất {count} dòng',
      words_other: 'Xuất {count} dòng now',
      vip: 'VIP {level}',
    })
    const found = checkLocales(dir, exceptions).map((p) => `${p.lang} ${p.key}: ${p.why}`)

    it('names English copied, English words among Chinese and Vietnamese ones, and lost placeholders', () => {
      expect(found.sort()).toEqual(
        [
          'cn copied: English text copied',
          'cn partly: English words: deposit',
          'es lost: placeholders {amount} instead of {account} {amount}',
          'vi bound: English words: max',
          'vi bound: placeholders (min) instead of (max) (min)',
          'vi lost: placeholders {acount} {amount} instead of {account} {amount}',
          'vi words_other: English words: now',
        ].sort(),
      )
    })

    it('lets brands, codes and Vietnamese written in Latin letters pass', () => {
      expect(found.filter((line) => / (brand|vip|words_one):/.test(line) || line.startsWith('vi copied'))).toEqual([])
    })
  })
})
