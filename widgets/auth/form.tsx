import type { ChangeEvent } from 'react'
import { $countries, type SmsSender } from '../../sdk/auth/index.ts'
import type { Country } from '../../sdk/contract/index.ts'
import { formError, type Form } from '../../sdk/form/index.ts'
import { useClientStore, useMounted } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { useForm } from '../ui/form.ts'
import { CountryPicker } from './CountryPicker.tsx'
import { PasswordField } from './PasswordField.tsx'
import { SmsCodeField } from './SmsCodeField.tsx'
import { idle } from './initial.ts'

/** The props a text field of an auth form takes from {@link useAuthForm}'s `field`. */
export interface AuthFieldProps {
  labelKey: string
  name: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  error: string | undefined
}

// biome-ignore lint/suspicious/noExplicitAny: any account form, whatever its values, input and result
type AnyForm = Form<any, any, any>

/**
 * Binds an account form store (sdk/auth) to a view: {@link useForm}'s binding, each field labelled
 * `auth_field_<name>` unless told, the form-level message, and `ready`: the fields stay inert until
 * the island has hydrated, since anything typed into server HTML would be lost.
 * @example const { field, onSubmit } = useAuthForm(createResetLinkForm) // <Field {...field('newPassword')} />
 */
export function useAuthForm<F extends AnyForm>(make: F | (() => F)) {
  const binding = useForm(make)
  type Name = Parameters<typeof binding.field>[0]
  return {
    ...binding,
    ready: useMounted(),
    /** A text field's name, value, change handler, error and label (`auth_field_<name>` unless given). */
    field: (name: Name, labelKey = `auth_field_${name}`): AuthFieldProps => ({ labelKey, ...binding.field(name), error: binding.error(name) }),
    /** The form-level message: a refusal's own, a wait, a limit. */
    message: binding.error(formError),
  }
}

/** The form-level message of a refusal, announced when it appears. */
export function FormMessage({ text }: { text: string | undefined }) {
  return (
    <p className="lk-auth__message" role="alert">
      {text ?? ''}
    </p>
  )
}

/** A phone form's store: its values carry the dialing code, and it has a get-code button. */
type PhoneForm = AnyForm & { sender: SmsSender; sendCode: () => unknown }

/** Props of {@link MobileCodeFields}. */
export interface MobileCodeFieldsProps {
  form: PhoneForm
  /** Shows the country picker (COUNTRYCODE3); otherwise the initial country is used unseen. */
  picker: boolean
  /** The dialing code in the form's values (empty: the initial country). */
  dialingCode: string
  mobile: AuthFieldProps
  code: AuthFieldProps
}

/** The country (with the picker, COUNTRYCODE3) and the number of a sign-in by mobile. */
export function MobileFields({ form, picker, dialingCode, mobile }: Omit<MobileCodeFieldsProps, 'code' | 'form'> & { form: Pick<PhoneForm, 'set'> }) {
  // The store reads the countries for the number's digits: ask for them even when the picker is off.
  useClientStore($countries, idle)
  const onCountry = (country: Country) => form.set('countryDialingCode', country.countryDialingCode)
  return (
    <>
      {picker && <CountryPicker value={dialingCode || undefined} onChange={onCountry} />}
      <Field {...mobile} type="tel" inputMode="numeric" autoComplete="tel-national" required />
    </>
  )
}

/** The number and SMS code of a sign-in or reset by mobile: country, number, code with its get-code button. */
export function MobileCodeFields({ code, ...props }: MobileCodeFieldsProps) {
  return (
    <>
      <MobileFields {...props} />
      <SmsCodeField sender={props.form.sender} onSend={() => void props.form.sendCode()} {...code} required />
    </>
  )
}

/** The new password and its confirmation, as the change and reset forms ask for them. */
export function NewPasswordFields({ field }: { field: (name: 'newPassword' | 'confirmNewPassword') => AuthFieldProps }) {
  return (
    <>
      <PasswordField {...field('newPassword')} autoComplete="new-password" hintKey="auth_hint_password" required />
      <PasswordField {...field('confirmNewPassword')} autoComplete="new-password" required />
    </>
  )
}

/** A submit button that is disabled while the form sends. */
export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button type="submit" className="lk-button lk-button--primary lk-auth__submit" disabled={busy}>
      {label}
    </button>
  )
}
