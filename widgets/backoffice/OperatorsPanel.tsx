import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { type Backoffice, type OperatorsArea, refusalKey } from '../../sdk/backoffice/index.ts'
import { type OperatorListItem, type OperatorRole, operatorRoles } from '../../sdk/contract/backoffice.ts'
import { formatDate } from '../../sdk/dates/index.ts'
import { Field, FieldFrame } from '../ui/Field.tsx'
import { useForm } from '../ui/form.ts'
import { LoadStates } from '../ui/LoadStates.tsx'
import { Modal } from '../ui/Modal.tsx'
import { useT } from '../ui/index.ts'

/** Operators (owner): a new operator, the one just created with its secrets, and the list. */
export function OperatorsPanel({ bo }: { bo: Backoffice }) {
  const t = useT()
  const area = bo.operators
  const state = useStore(area.list.$state)
  return (
    <>
      <h2>{t('admin_operators_title')}</h2>
      <Created area={area} />
      <CreateForm area={area} />
      <h3>{t('admin_operators_list')}</h3>
      <LoadStates state={state} onRetry={() => void area.list.load()}>
        {(list) => (
          <ul className="lk-bo__cards">
            {list.map((op) => (
              <OperatorCard key={op.id} op={op} area={area} />
            ))}
          </ul>
        )}
      </LoadStates>
      <ConfirmRole area={area} />
      <ConfirmDisabled area={area} />
    </>
  )
}

function CreateForm({ area }: { area: OperatorsArea }) {
  const t = useT()
  const { form, field, onSubmit, state, error } = useForm(area.createOperatorForm)
  return (
    <form onSubmit={onSubmit} noValidate className="lk-bo__create" aria-labelledby="lk-bo-create-title">
      <h3 id="lk-bo-create-title">{t('admin_operator_create_title')}</h3>
      <Field labelKey="admin_username" autoComplete="off" autoCapitalize="none" spellCheck={false} {...field('username')} />
      <FieldFrame labelKey="admin_operator_role" error={error('role')}>
        {(control) => (
          <select {...control} value={state.values.role} onChange={(e) => form.set('role', e.target.value as OperatorRole)}>
            {operatorRoles.map((role) => (
              <option key={role} value={role}>
                {t(`admin_role_${role}`)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <p className="lk-field__error" role={error('form') ? 'alert' : undefined}>
        {error('form') ?? ''}
      </p>
      <button type="submit" className="lk-button lk-button--primary" disabled={state.busy} aria-busy={state.busy}>
        {t('admin_operator_create')}
      </button>
    </form>
  )
}

/** The operator just created: its first password and TOTP secret, shown until dismissed and never again. */
function Created({ area }: { area: OperatorsArea }) {
  const t = useT()
  const created = useStore(area.$created)
  if (!created) return null
  return (
    <section className="lk-bo__card lk-bo__created" role="status" aria-labelledby="lk-bo-created-title">
      <h3 id="lk-bo-created-title">{t('admin_operator_created_title', { name: created.operator.username })}</h3>
      <p>{t('admin_operator_created_text', { name: created.operator.username })}</p>
      <dl className="lk-bo__facts">
        <dt>{t('admin_username')}</dt>
        <dd>{created.operator.username}</dd>
        <dt>{t('admin_operator_first_password')}</dt>
        <dd>
          <code>{created.password}</code>
        </dd>
        <dt>{t('admin_operator_secret')}</dt>
        <dd>
          <code>{created.totpSecret}</code>
        </dd>
        <dt>{t('admin_operator_uri')}</dt>
        <dd>
          <code>{created.otpauthUri}</code>
        </dd>
      </dl>
      <button type="button" className="lk-button lk-button--primary" onClick={area.dismissCreated}>
        {t('admin_operator_saved')}
      </button>
    </section>
  )
}

function OperatorCard({ op, area }: { op: OperatorListItem; area: OperatorsArea }) {
  const t = useT()
  // The role picked in the list before it is asked for: a select's arrow keys must not ask at each step.
  const [role, setRole] = useState<OperatorRole>(op.role)
  return (
    <li className="lk-bo__card" aria-label={op.username}>
      <p>
        <strong>{op.username}</strong> · {t(op.disabled ? 'admin_operator_disabled' : 'admin_operator_active')}
      </p>
      <p className="lk-bo__meta">
        {t(`admin_role_${op.role}`)} · {t('admin_operator_since', { at: formatDate(op.createdAt) })}
      </p>
      <FieldFrame labelKey="admin_operator_role">
        {(control) => (
          <select {...control} value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
            {operatorRoles.map((r) => (
              <option key={r} value={r}>
                {t(`admin_role_${r}`)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <div className="lk-bo__actions">
        <button type="button" className="lk-button" disabled={role === op.role} onClick={() => area.changeRole.ask({ operator: op, role })}>
          {t('admin_operator_change_role')}
        </button>
        <button type="button" className="lk-button" onClick={() => area.setDisabled.ask(op)}>
          {t(op.disabled ? 'admin_operator_enable' : 'admin_operator_disable')}
        </button>
      </div>
    </li>
  )
}

function ConfirmRole({ area }: { area: OperatorsArea }) {
  const t = useT()
  const pending = useStore(area.changeRole.$pending)
  const change = pending?.action
  return (
    <Modal open={pending !== null} onClose={() => area.changeRole.cancel()} name="adminOperatorRole" titleKey="admin_confirm_role_title">
      {change && <p>{t('admin_confirm_role', { name: change.operator.username, from: t(`admin_role_${change.operator.role}`), to: t(`admin_role_${change.role}`) })}</p>}
      {pending?.error && (
        <p className="lk-field__error" role="alert">
          {t(refusalKey(pending.error))}
        </p>
      )}
      <div className="lk-dialog__buttons">
        <button type="button" className="lk-button" onClick={() => area.changeRole.cancel()}>
          {t('cancel')}
        </button>
        <button type="button" className="lk-button lk-button--primary" disabled={pending?.busy} aria-busy={pending?.busy} onClick={() => void area.changeRole.confirm()}>
          {t('admin_operator_change_role')}
        </button>
      </div>
    </Modal>
  )
}

function ConfirmDisabled({ area }: { area: OperatorsArea }) {
  const t = useT()
  const pending = useStore(area.setDisabled.$pending)
  const op = pending?.action
  const disabling = op ? !op.disabled : true
  return (
    <Modal
      open={pending !== null}
      onClose={() => area.setDisabled.cancel()}
      name="adminOperatorDisabled"
      titleKey={disabling ? 'admin_confirm_disable_title' : 'admin_confirm_enable_title'}
    >
      {op && <p>{t(disabling ? 'admin_confirm_disable' : 'admin_confirm_enable', { name: op.username })}</p>}
      {pending?.error && (
        <p className="lk-field__error" role="alert">
          {t(refusalKey(pending.error))}
        </p>
      )}
      <div className="lk-dialog__buttons">
        <button type="button" className="lk-button" onClick={() => area.setDisabled.cancel()}>
          {t('cancel')}
        </button>
        <button type="button" className="lk-button lk-button--primary" disabled={pending?.busy} aria-busy={pending?.busy} onClick={() => void area.setDisabled.confirm()}>
          {t(disabling ? 'admin_operator_disable' : 'admin_operator_enable')}
        </button>
      </div>
    </Modal>
  )
}
