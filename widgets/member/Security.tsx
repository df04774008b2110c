import { useState, type FormEvent } from 'react'
import { mobilePattern, type MoneyProfile, type RequestOf } from '../../sdk/contract/index.ts'
import { openAuth } from '../../sdk/auth/index.ts'
import { closeCentre } from '../../sdk/shell/centre.ts'
import { bindContact, createContactCodeSender, createPaymentResetSender, resetPaymentPassword, type CodeSender, type CodeSent, type Outcome } from '../../sdk/money/index.ts'
import { Field } from '../ui/Field.tsx'
import { useClientStore, useT } from '../ui/index.ts'
import { FormError, Notice, fieldErrors } from './parts.tsx'

type T = ReturnType<typeof useT>

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

const sentNote = (t: T, r: Outcome<CodeSent> | null) => (r?.data ? t('money_sec_sent', { to: r.data.to, count: r.data.expiredMinutes }) : '')

/** Binds and verifies the mobile number or the email by a code (SPEC §2 securityCenter). */
export function ContactSection({ profile, channel }: { profile: MoneyProfile; channel: 'mobile' | 'email' }) {
  const t = useT()
  const current = channel === 'mobile' ? profile.mobile : profile.email
  const verified = channel === 'mobile' ? profile.mobileVerified : profile.emailVerified
  const [editing, setEditing] = useState(false)
  const [sender] = useState(createContactCodeSender)
  const [dial, setDial] = useState('63')
  const [address, setAddress] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const heading = t(channel === 'mobile' ? 'money_sec_mobile' : 'money_sec_email')

  const target = (): RequestOf<'sendContactCode'> =>
    channel === 'mobile' ? { channel, countryDialingCode: dial.trim(), mobileNum: address.replace(/[\s-]/g, '') } : { channel, email: address.trim() }
  // The same rules as the contract's schemas, so a bad entry is named before anything is sent.
  const targetErrors = (): Record<string, string> => {
    if (channel === 'email') return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address.trim()) ? {} : { email: t('money_err_email_format') }
    const found: Record<string, string> = {}
    if (!/^\+?\d{1,4}$/.test(dial.trim())) found.countryDialingCode = t('money_err_dial_format')
    if (!mobilePattern.test(address.replace(/[\s-]/g, ''))) found.mobileNum = t('money_err_mobile_format')
    return found
  }
  const fields = ['countryDialingCode', 'mobileNum', 'email', 'code']
  const send = async () => {
    setNote('')
    const found = targetErrors()
    setErrors(found)
    if (Object.keys(found).length) return
    const r = await sender.send(target())
    if (r?.error) setErrors(fieldErrors(r.error, t, fields))
    setNote(sentNote(t, r))
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found = targetErrors()
    if (!/^\d{6}$/.test(code.trim())) found.code = t('money_err_code_format')
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    const r = await bindContact({ ...target(), code: code.trim() })
    setBusy(false)
    if (r.error) return setErrors(fieldErrors(r.error, t, fields))
    setCode('')
    setAddress('')
    setEditing(false)
    setNote(t(channel === 'mobile' ? 'money_sec_bound_mobile' : 'money_sec_bound_email'))
  }

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
              <Field
                labelKey="money_sec_dial"
                inputMode="numeric"
                autoComplete="tel-country-code"
                maxLength={5}
                value={dial}
                onChange={(e) => setDial(e.target.value)}
                error={errors.countryDialingCode}
              />
              <Field
                labelKey="money_sec_mobile_field"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={20}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                error={errors.mobileNum}
              />
            </>
          ) : (
            <Field
              labelKey="money_sec_email_field"
              type="email"
              autoComplete="email"
              maxLength={120}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              error={errors.email}
            />
          )}
          <Field
            labelKey={channel === 'mobile' ? 'money_sec_code_mobile' : 'money_sec_code_email'}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code}
            addon={<SendButton sender={sender} onSend={() => void send()} />}
          />
          <FormError text={errors.form} />
          <div className="lk-money__actions">
            <button type="submit" className="lk-button lk-button--primary" disabled={busy}>
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
  const [sender] = useState(createPaymentResetSender)
  const [code, setCode] = useState('')
  const [next, setNext] = useState('')
  const [again, setAgain] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
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
  const fields = ['verificationCode', 'newPassword']
  const send = async () => {
    const r = await sender.send(undefined)
    setErrors(r?.error ? fieldErrors(r.error, t, fields) : {})
    setNote(sentNote(t, r))
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found: Record<string, string> = {}
    if (!/^\d{6}$/.test(code.trim())) found.verificationCode = t('money_err_code_format')
    if (!/^\d{6}$/.test(next)) found.newPassword = t('money_err_pay_password_format')
    else if (next !== again) found.confirm = t('err_field_mismatch')
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    const r = await resetPaymentPassword({ verificationCode: code.trim(), newPassword: next })
    setBusy(false)
    if (r.error) return setErrors(fieldErrors(r.error, t, fields))
    onDone(t('money_pay_reset_done'))
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
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.verificationCode}
        addon={<SendButton sender={sender} onSend={() => void send()} />}
      />
      <Notice text={note} />
      <Field labelKey="money_pay_password_new" {...digits} value={next} onChange={(e) => setNext(e.target.value)} error={errors.newPassword} hintKey="money_pay_password_hint" />
      <Field labelKey="money_pay_password_again" {...digits} value={again} onChange={(e) => setAgain(e.target.value)} error={errors.confirm} />
      <FormError text={errors.form} />
      <div className="lk-money__actions">
        <button type="submit" className="lk-button lk-button--primary" disabled={busy}>
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
