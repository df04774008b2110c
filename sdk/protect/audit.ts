/**
 * The responsible gaming page's record of changes, worded for the player: which limit, its amounts
 * as money (minutes for the session limit), the reality check's answers and a break's end in the
 * platform's time zone. Never the platform's own codes or minor units.
 * @module
 */
import type { AuditEntry, AuditFacts } from '../contract/index.ts'
import { formatDate } from '../dates/index.ts'
import { formatMoney } from '../format/index.ts'
import type { Params } from '../i18n/index.ts'

type Translate = (key: string, params?: Params) => string

const limitName = (limit: NonNullable<AuditFacts['limit']>, t: Translate): string =>
  limit.kind === 'session' ? t('rg_session_title') : t(`rg_${limit.period ?? 'day'}_${limit.kind}`)

const limitValue = (limit: NonNullable<AuditFacts['limit']>, value: number | null | undefined, t: Translate): string =>
  value == null ? t('rg_none') : limit.kind === 'session' ? t('rg_minutes', { minutes: value }) : formatMoney(value)

/**
 * What an audited action changed, in the player's words, or `''` when the entry has no facts (older entries).
 * @param t - the page's translate function (the `protect` namespace loaded)
 * @example auditDetail({ action: 'limit_raise_requested', facts: { limit: { kind: 'deposit', period: 'day' }, from: 155000, to: 500000 } }, t)
 *   // 'Daily deposit limit: ₱1,550.00 → ₱5,000.00'
 */
export function auditDetail(entry: Pick<AuditEntry, 'action' | 'facts'>, t: Translate): string {
  const f = entry.facts
  if (!f) return ''
  if (f.limit && (f.from !== undefined || f.to !== undefined)) {
    return t('rg_audit_change', { limit: limitName(f.limit, t), from: limitValue(f.limit, f.from, t), to: limitValue(f.limit, f.to, t) })
  }
  if (f.limit) return limitName(f.limit, t)
  if (f.answer) return t('rg_audit_check', { answer: t(`rg_audit_answer_${f.answer}`), minutes: f.minutes ?? 0, net: formatMoney(f.net ?? 0) })
  if (f.minutes !== undefined) return t('rg_audit_every', { minutes: f.minutes })
  if (f.duration && f.until !== undefined) return t('rg_audit_break', { duration: t(`rg_duration_${f.duration}`), until: formatDate(f.until, { time: true }) })
  return ''
}
