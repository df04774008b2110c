import type { SmsSender } from '../../sdk/auth/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { Field, type FieldProps } from '../ui/Field.tsx'

/** Props of {@link SmsCodeField}. */
export interface SmsCodeFieldProps extends Omit<FieldProps, 'addon' | 'labelKey'> {
  sender: SmsSender
  /** Sends a code (the form passes its number). */
  onSend: () => void
}

/** Verification-code field with the get-code button and its countdown. */
export function SmsCodeField({ sender, onSend, ...input }: SmsCodeFieldProps) {
  const t = useT()
  const remaining = useClientStore(sender.$remaining, 0)
  return (
    <Field
      {...input}
      labelKey="auth_field_code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      addon={
        <button type="button" className="lk-button lk-field__action" disabled={remaining > 0} onClick={onSend} aria-live="polite">
          {remaining > 0 ? t('auth_code_wait', { seconds: remaining }) : t('auth_code_send')}
        </button>
      }
    />
  )
}
