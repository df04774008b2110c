/**
 * How a refusal shown in an embed frame's form is told to its element on the partner page.
 * @module
 */
import type { Refusal } from '../../sdk/auth/index.ts'
import { $messages, t } from '../../sdk/i18n/index.ts'
import { errorText } from '../../sdk/validation/index.ts'

/**
 * What the element hears of a refusal: a snake_case code and the text the player sees. A server
 * refusal keeps its code (`err_<code>`); field problems found before any call are `invalid_fields`
 * with each field's message; a warning dialog (terms, invitation code, SMS send) its message key.
 */
export function refusalDetail(refusal: Refusal): { code: string; message: string } {
  if (refusal.messageKey) return { code: refusal.messageKey.replace(/^err_/, ''), message: t(refusal.messageKey, refusal.params) }
  const messages = $messages.get()
  const fields = Object.entries(refusal.fields).flatMap(([name, error]) => (error ? [`${t(`auth_field_${name}`)}: ${errorText(messages, error)}`] : []))
  return { code: 'invalid_fields', message: fields.join('; ') }
}
