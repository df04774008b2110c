import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react'
import type { AuthOutcome, SmsSender, SmsTarget } from '../../sdk/auth/index.ts'
import { reportRefusal } from '../../sdk/auth/outcome.ts'
import type { Country } from '../../sdk/contract/index.ts'
import { useMounted } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { CountryPicker } from './CountryPicker.tsx'
import { noProblem, problemOf, useFieldError, type FormProblem } from './errors.tsx'
import { PasswordField } from './PasswordField.tsx'
import { SmsCodeField } from './SmsCodeField.tsx'

/** The props a text field of an auth form takes from {@link useAuthForm}'s `field`. */
export interface AuthFieldProps {
  labelKey: string
  name: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  error: string | undefined
}

/** The number a code goes to, as the SDK's sign-in and reset calls take it. */
export const phoneOf = (mobileNum: string, country: Country | undefined): SmsTarget => ({
  mobileNum,
  countryDialingCode: country?.countryDialingCode ?? '',
  mobileDigits: country?.mobileDigits,
})

/**
 * The state every auth form keeps (login, registration, forgot, change and reset password): the typed
 * values by field name, what the last failure said, and whether a submit is running. The fields stay
 * inert until the island has hydrated (`ready`), since anything typed into server HTML would be lost.
 * @example const form = useAuthForm<'username' | 'password'>() // <Field {...form.field('username')} />
 */
export function useAuthForm<Name extends string>(initial: Partial<Record<Name, string>> = {}) {
  const ready = useMounted()
  const [values, setValues] = useState<Partial<Record<Name, string>>>(initial)
  const [problem, showProblem] = useState<FormProblem>(noProblem)
  // Every refusal shown is also reported (an embed frame tells its element on the partner page).
  const setProblem = useCallback((next: FormProblem) => {
    showProblem(next)
    if (next.messageKey || Object.keys(next.fields).length > 0) reportRefusal(next)
  }, [])
  const [busy, setBusy] = useState(false)
  const fieldError = useFieldError(problem)
  const value = (name: Name): string => values[name] ?? ''
  const set = (name: Name, next: string) => setValues((v) => ({ ...v, [name]: next }))
  return {
    ready,
    values,
    value,
    set,
    setValues,
    /** Empties fields: secrets and single-use codes after a failure. */
    clear: (...names: Name[]) => setValues((v) => ({ ...v, ...Object.fromEntries(names.map((n) => [n, ''])) })),
    /** A text field's name, value, change handler, error and label (`auth_field_<name>` unless given). */
    field: (name: Name, labelKey = `auth_field_${name}`): AuthFieldProps => ({
      labelKey,
      name,
      value: value(name),
      onChange: (event) => set(name, event.target.value),
      error: fieldError(name),
    }),
    problem,
    setProblem,
    /** Clears the problem of an earlier attempt (a switched tab or type). */
    resetProblem: () => setProblem(noProblem),
    /** Shows what a finished call says: nothing after a success, the failure's fields and message otherwise. */
    settle: (out: AuthOutcome) => setProblem(out.ok ? noProblem : problemOf(out)),
    busy,
    /** The form's submit handler: runs `action` once at a time, never the browser's own submit. */
    submit: (action: () => Promise<unknown>) => async (event: FormEvent) => {
      event.preventDefault()
      if (busy) return
      setBusy(true)
      try {
        await action()
      } finally {
        setBusy(false)
      }
    },
    /** Sends a code to `target`; a refusal that is not the button's own throttle shows under the fields. */
    sendCode: (sender: SmsSender, target: SmsTarget) => {
      void sender.send(target).then((out) => {
        if (!out.ok && !out.ignored) setProblem({ fields: out.fields })
      })
    },
  }
}

/** Props of {@link MobileCodeFields}. */
export interface MobileCodeFieldsProps {
  /** Shows the country picker (COUNTRYCODE3); otherwise the initial country is used unseen. */
  picker: boolean
  country: Country | undefined
  onCountry: (country: Country) => void
  mobile: AuthFieldProps
  code: AuthFieldProps
  sender: SmsSender
  onSend: () => void
}

/** The number and SMS code of a sign-in or reset by mobile: country, number, code with its get-code button. */
export function MobileCodeFields({ picker, country, onCountry, mobile, code, sender, onSend }: MobileCodeFieldsProps) {
  return (
    <>
      {picker && <CountryPicker value={country?.countryDialingCode} onChange={onCountry} />}
      <Field {...mobile} type="tel" inputMode="numeric" autoComplete="tel-national" required />
      <SmsCodeField sender={sender} onSend={onSend} {...code} required />
    </>
  )
}

/** The new password and its confirmation, as the change and reset forms ask for them. */
export function NewPasswordFields({ form }: { form: { field: (name: 'newPassword' | 'confirmNewPassword') => AuthFieldProps } }) {
  return (
    <>
      <PasswordField {...form.field('newPassword')} autoComplete="new-password" hintKey="auth_hint_password" required />
      <PasswordField {...form.field('confirmNewPassword')} autoComplete="new-password" required />
    </>
  )
}
