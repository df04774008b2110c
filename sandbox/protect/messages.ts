/**
 * The protection refusals in the player's language, where the platform itself shows them: the game
 * frame is a page of the sandbox (it stands in for a vendor's game), so its refusal of a stake cannot go
 * through the site's `locales/`. In the launch's language.
 * @module
 */
import * as v from 'valibot'
import { ExcludedValue, LimitReachedValue } from '../../sdk/contract/all.ts'
import type { Fail } from '../http/fail.ts'
import { offsetAt } from '../zone.ts'

/** Languages these messages speak (every language of the contract). */
export type RefusalLanguage = 'en' | 'es' | 'cn' | 'vi'
const tags: Record<RefusalLanguage, string> = { en: 'en', es: 'es', cn: 'zh-CN', vi: 'vi' }

const words = {
  en: {
    period: { day: 'daily', week: 'weekly', month: 'monthly' },
    kind: { deposit: 'deposit', loss: 'loss', wager: 'wager' },
    limit: 'This stake would pass your {period} {kind} limit: {left} left until {date}.',
    timeout: 'Your time-out runs until {date}. You can still withdraw your balance.',
    self_exclusion: 'Your self-exclusion runs until {date}. You can still withdraw your balance.',
  },
  es: {
    period: { day: 'diario', week: 'semanal', month: 'mensual' },
    kind: { deposit: 'depósitos', loss: 'pérdidas', wager: 'apuestas' },
    limit: 'Esta apuesta superaría tu límite {period} de {kind}: quedan {left} hasta el {date}.',
    timeout: 'Tu pausa dura hasta el {date}. Puedes seguir retirando tu saldo.',
    self_exclusion: 'Tu autoexclusión dura hasta el {date}. Puedes seguir retirando tu saldo.',
  },
  cn: {
    period: { day: '每日', week: '每周', month: '每月' },
    kind: { deposit: '存款', loss: '亏损', wager: '投注' },
    limit: '此投注将超出您的{period}{kind}限额：截至 {date} 剩余 {left}。',
    timeout: '您的冷静期持续至 {date}。您仍可提取余额。',
    self_exclusion: '您的自我禁止持续至 {date}。您仍可提取余额。',
  },
  vi: {
    period: { day: 'theo ngày', week: 'theo tuần', month: 'theo tháng' },
    kind: { deposit: 'nạp tiền', loss: 'thua lỗ', wager: 'đặt cược' },
    limit: 'Lượt cược này sẽ vượt giới hạn {kind} {period} của bạn: còn {left} đến {date}.',
    timeout: 'Thời gian tạm nghỉ của bạn kéo dài đến {date}. Bạn vẫn có thể rút số dư.',
    self_exclusion: 'Thời gian tự loại trừ của bạn kéo dài đến {date}. Bạn vẫn có thể rút số dư.',
  },
} as const

const fill = (text: string, params: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '')
/** `at` on the platform zone's clock, the zone named by its offset (`UTC+08:00`). */
const dateOf = (at: number, lang: RefusalLanguage, zone: string) => {
  const offset = Math.round(offsetAt(at, zone) / 60_000)
  const hhmm = `${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`
  const name = offset === 0 ? 'UTC' : `UTC${offset < 0 ? '−' : '+'}${hhmm}`
  return `${new Intl.DateTimeFormat(tags[lang], { dateStyle: 'short', timeStyle: 'short', timeZone: zone, hourCycle: 'h23' }).format(at)} ${name}`
}
const amountOf = (minor: number, lang: RefusalLanguage) => new Intl.NumberFormat(tags[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100)

/**
 * The message of a protection refusal (`limit_reached`, `account_excluded`) in `lang`, its dates on the
 * clock of `zone` (the platform's); any other failure keeps its own message.
 */
export function refusalMessage(e: Fail, lang: RefusalLanguage, zone = 'UTC'): string {
  const w = words[lang]
  if (e.code === 'limit_reached') {
    const r = v.safeParse(LimitReachedValue, e.value)
    if (r.success)
      return fill(w.limit, { period: w.period[r.output.period], kind: w.kind[r.output.kind], left: amountOf(r.output.left, lang), date: dateOf(r.output.resetsAt, lang, zone) })
  }
  if (e.code === 'account_excluded') {
    const r = v.safeParse(ExcludedValue, e.value)
    if (r.success) return fill(w[r.output.kind], { date: dateOf(r.output.until, lang, zone) })
  }
  return e.message
}
