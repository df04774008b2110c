import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { MoneyProfile } from '../../sdk/contract/index.ts'
import { openAuth } from '../../sdk/auth/index.ts'
import { formError } from '../../sdk/form/index.ts'
import { closeCentre } from '../../sdk/centre/index.ts'
import { createContactForm, createPayResetForm, type CodeSender } from '../../sdk/money/index.ts'
import { Field } from '../ui/Field.tsx'
import { useForm } from '../ui/form.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { FormError, Notice } from './controls.tsx'

/** The get-code button at the end of a code field, with its countdown. */
function SendButton({ sender, onSend }: { sender: Pick<CodeSender<unknown>, '$remaining'>; onSend: () => void }) {
  const t = useT()
  const remaining = useClientStore(sender.$remaining, 0)
  return (
    <button type="button" className="lk-button lk-field__action" disabled={remaining > 0} onClick={onSend} aria-live="polite">
      {remaining > 0 ? t('money_sec_wait', { seconds: remaining }) : t('money_sec_send')}
    </button>
  )
}

/** Where the last code went, or nothing. */
function useSentNote(sender: Pick<CodeSender<unknown>, '$sent'>): string {
  const t = useT()
  const sent = useStore(sender.$sent)
  return sent?.data ? t('money_sec_sent', { to: sent.data.to, count: sent.data.expiredMinutes }) : ''
}

/** Binds and verifies the mobile number or the email by a code (SPEC §2 securityCenter). */
export function ContactSection({ profile, channel }: { profile: MoneyProfile; channel: 'mobile' | 'email' }) {
  const t = useT()
  const current = channel === 'mobile' ? profile.mobile : profile.email
  const verified = channel === 'mobile' ? profile.mobileVerified : profile.emailVerified
  const [editing, setEditing] = useState(false)
  const { form, state, field, error } = useForm(() => createContactForm(channel))
  const sentNote = useSentNote(form.sender)
  const heading = t(channel === 'mobile' ? 'money_sec_mobile' : 'money_sec_email')
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if ((await form.submit())?.data) setEditing(false)
  }
  const note = state.result?.data ? t(channel === 'mobile' ? 'money_sec_bound_mobile' : 'money_sec_bound_email') : sentNote

  const showForm = editing || !verified
  return (
    <section>
      <h4 className="lk-money__subhead">{heading}</h4>
      <div className="lk-money__row">
        <span className="lk-money__value">{current || t('money_sec_none')}</span>
        {current && <span className="lk-money__tag">{t(verified ? 'money_sec_verified' : 'money_sec_unverified')}</span>}
        {verified && !editing && (
          <button type="button" className="lk-button" aria-label={t('money_sec_change_named', { name: heading })} onClick={() => setEditing(true)}>
            {t('money_sec_change')}
          </button>
        )}
      </div>
      <Notice text={note} />
      {showForm && (
        <form className="lk-money__form" onSubmit={submit} noValidate aria-label={t(channel === 'mobile' ? 'money_sec_verify_mobile' : 'money_sec_verify_email')}>
          {channel === 'mobile' ? (
            <>
              <Field labelKey="money_sec_dial" inputMode="numeric" autoComplete="tel-country-code" maxLength={5} {...field('countryDialingCode')} />
              <Field labelKey="money_sec_mobile_field" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={20} {...field('mobileNum')} />
            </>
          ) : (
            <Field labelKey="money_sec_email_field" type="email" autoComplete="email" maxLength={120} {...field('email')} />
          )}
          <Field
            labelKey={channel === 'mobile' ? 'money_sec_code_mobile' : 'money_sec_code_email'}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...field('code')}
            addon={<SendButton sender={form.sender} onSend={() => void form.sendCode()} />}
          />
          <FormError text={error(formError)} />
          <div className="lk-money__actions">
            <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
              {t('money_sec_verify')}
            </button>
            {editing && (
              <button type="button" className="lk-button" onClick={() => setEditing(false)}>
                {t('money_sec_cancel')}
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  )
}

/** Forgotten payment password: a code to the verified mobile, then a new password (SPEC §2). */
export function PayResetForm({ profile, onDone, onCancel }: { profile: MoneyProfile; onDone: (note: string) => void; onCancel: () => void }) {
  const t = useT()
  const { form, state, field, error } = useForm(createPayResetForm)
  const note = useSentNote(form.sender)
  if (!profile.mobileVerified) {
    return (
      <div className="lk-money__stack">
        <p className="lk-money__hint" role="status">
          {t('money_pay_reset_need_mobile')}
        </p>
        <button type="button" className="lk-button" onClick={onCancel}>
          {t('money_sec_cancel')}
        </button>
      </div>
    )
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if ((await form.submit())?.data) onDone(t('money_pay_reset_done'))
  }
  const digits = { type: 'password', inputMode: 'numeric', autoComplete: 'off', maxLength: 6 } as const
  return (
    <form className="lk-money__form" onSubmit={submit} noValidate aria-label={t('money_pay_reset_title')}>
      <p className="lk-money__hint">{t('money_pay_reset_hint', { to: profile.mobile })}</p>
      <Field
        labelKey="money_sec_code_mobile"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...field('verificationCode')}
        addon={<SendButton sender={form.sender} onSend={() => void form.sendCode()} />}
      />
      <Notice text={note} />
      <Field labelKey="money_pay_password_new" {...digits} {...field('newPassword')} hintKey="money_pay_password_hint" />
      <Field labelKey="money_pay_password_again" {...digits} {...field('confirmNewPassword')} />
      <FormError text={error(formError)} />
      <div className="lk-money__actions">
        <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
          {t('money_pay_reset_submit')}
        </button>
        <button type="button" className="lk-button" onClick={onCancel}>
          {t('money_sec_cancel')}
        </button>
      </div>
    </form>
  )
}

// The popup is a page-level modal: the centre overlay would cover it, so the centre closes first (a
// change ends on the home page anyway, SPEC §4).
const changeLoginPassword = () => {
  closeCentre()
  openAuth('changePassword')
}

/** Login password: the account's change-password popup (current password, policy; other sessions end). */
export function LoginPasswordSection() {
  const t = useT()
  return (
    <section>
      <h4 className="lk-money__subhead">{t('money_login_password')}</h4>
      <p className="lk-money__hint">{t('money_login_password_hint')}</p>
      <button type="button" className="lk-button" onClick={changeLoginPassword}>
        {t('money_login_password_change')}
      </button>
    </section>
  )
}
