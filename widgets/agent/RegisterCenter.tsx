import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { Invitation } from '../../sdk/contract/index.ts'
import { $invitations, createDownlineForm, createInvitation, createInvitationLabelForm, disableInvitation, enableInvitation, loadInvitations } from '../../sdk/agent/index.ts'
import { formError } from '../../sdk/form/index.ts'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { useForm } from '../ui/form.ts'
import { FormError, Notice, Section } from '../member/controls.tsx'

/** Account registration (registerCenter): create a member or agent below the agent, and invitation codes with their links and QR codes. */
export function RegisterCenter() {
  const t = useT()
  return (
    <div className="lk-money__stack">
      <Section title={t('agent_create_title')}>
        <CreateForm />
      </Section>
      <Section title={t('agent_invites_title')}>
        <Invitations />
      </Section>
    </div>
  )
}

function CreateForm() {
  const t = useT()
  const { form, state, field, error, onSubmit } = useForm(createDownlineForm)
  const created = state.result?.data
  return (
    <form className="lk-money__form" onSubmit={onSubmit} noValidate aria-label={t('agent_create_title')}>
      <fieldset className="lk-agent__kinds">
        <legend className="lk-field__label">{t('agent_create_kind')}</legend>
        {(['member', 'agent'] as const).map((k) => (
          <label key={k}>
            <input type="radio" name="kind" value={k} checked={state.values.kind === k} onChange={() => form.set('kind', k)} />
            {t(k === 'agent' ? 'agent_kind_agent' : 'agent_kind_member')}
          </label>
        ))}
      </fieldset>
      <Field
        labelKey="agent_create_username"
        hintKey="agent_create_username_hint"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={15}
        {...field('username')}
      />
      <Field labelKey="agent_create_password" hintKey="agent_create_password_hint" type="password" autoComplete="new-password" maxLength={128} {...field('password')} />
      <Field labelKey="agent_create_confirm" type="password" autoComplete="new-password" maxLength={128} {...field('confirmPassword')} />
      <FormError text={error(formError)} />
      <Notice text={created ? t(created.isAgent ? 'agent_created_agent' : 'agent_created_member', { name: created.username }) : ''} />
      <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
        {t(state.busy ? 'money_working' : 'agent_create_submit')}
      </button>
    </form>
  )
}

function Invitations() {
  const t = useT()
  const invites = useStore($invitations)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const create = async () => {
    setBusy(true)
    const r = await createInvitation()
    setBusy(false)
    setError(r.error ? t(r.error.fields?.code ?? r.error.messageKey) : '')
  }
  if (invites.error && !invites.data) return <ErrorState messageKey={invites.error.messageKey} onRetry={() => void loadInvitations()} />
  if (!invites.data) return <Skeleton count={2} height={120} />
  return (
    <div className="lk-money__stack">
      <div className="lk-money__actions">
        <button type="button" className="lk-button lk-button--primary" disabled={busy} onClick={() => void create()}>
          {t('agent_invite_new')}
        </button>
        <FormError text={error} />
      </div>
      {invites.data.list.length === 0 ? (
        <EmptyState messageKey="agent_invites_none" />
      ) : (
        <ul className="lk-money__list" aria-busy={invites.loading}>
          {invites.data.list.map((i) => (
            <InvitationItem key={i.code} invite={i} />
          ))}
        </ul>
      )}
    </div>
  )
}

function InvitationItem({ invite }: { invite: Invitation }) {
  const t = useT()
  const [note, setNote] = useState('')
  const [error, setError] = useState('')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.link)
      setNote(t('agent_invite_copied'))
    } catch {
      // No clipboard (a frame, an old browser): the link is selectable text beside the QR code.
      setNote(t('agent_invite_copy_manual'))
    }
  }
  const disable = async () => {
    const r = await disableInvitation(invite.code)
    setError(r.error ? t(r.error.messageKey) : '')
  }
  const enable = async () => {
    const r = await enableInvitation(invite.code)
    setError(r.error ? t(r.error.messageKey) : '')
  }
  return (
    <li className="lk-money__item lk-agent__invite">
      <div className="lk-money__row">
        <strong>
          {invite.code}
          {invite.label && ` · ${invite.label}`}
        </strong>
        <span className="lk-money__tag">
          {t(invite.disabled ? 'agent_invite_disabled' : invite.standing ? 'agent_invite_standing' : 'agent_invite_active')} ·{' '}
          {t('agent_invite_registered', { count: invite.registered })}
        </span>
      </div>
      {!invite.disabled && (
        <div className="lk-agent__qr">
          <svg viewBox={`0 0 ${invite.qr.size} ${invite.qr.size}`} shape-rendering="crispEdges" role="img" aria-label={t('agent_invite_qr', { code: invite.code })}>
            <rect width={invite.qr.size} height={invite.qr.size} fill="#fff" />
            <path fill="#000" d={invite.qr.path} />
          </svg>
          <p>
            <span className="lk-field__label">{t('agent_invite_link')}</span>
            <code className="lk-money__mono">{invite.link}</code>
          </p>
        </div>
      )}
      <div className="lk-money__actions">
        {!invite.disabled && (
          <button type="button" className="lk-button" onClick={() => void copy()} aria-label={t('agent_invite_copy_named', { code: invite.code })}>
            {t('agent_invite_copy')}
          </button>
        )}
        {!invite.disabled && !invite.standing && (
          <button type="button" className="lk-button" onClick={() => void disable()} aria-label={t('agent_invite_disable_named', { code: invite.code })}>
            {t('agent_invite_disable')}
          </button>
        )}
        {invite.disabled && (
          <button type="button" className="lk-button" onClick={() => void enable()} aria-label={t('agent_invite_enable_named', { code: invite.code })}>
            {t('agent_invite_enable')}
          </button>
        )}
        <Notice text={note} />
        <FormError text={error} />
      </div>
      {!invite.standing && <LabelForm code={invite.code} label={invite.label} />}
    </li>
  )
}

/** The agent's own name for a code: what the funnel and the list show beside it. */
function LabelForm({ code, label }: { code: string; label: string }) {
  const t = useT()
  const { state, field, error, onSubmit } = useForm(() => createInvitationLabelForm(code, label))
  return (
    <form className="lk-agent__label" onSubmit={onSubmit} noValidate aria-label={t('agent_invite_label_named', { code })}>
      <Field labelKey="agent_invite_label" hintKey="agent_invite_label_hint" autoComplete="off" maxLength={40} {...field('label')} />
      <FormError text={error(formError)} />
      <Notice text={state.result?.data ? t('agent_invite_label_saved') : ''} />
      <button type="submit" className="lk-button" disabled={state.busy}>
        {t(state.busy ? 'money_working' : 'agent_invite_label_save')}
      </button>
    </form>
  )
}
