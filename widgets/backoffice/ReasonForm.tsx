import type { reasonForm } from '../../sdk/backoffice/confirm.ts'
import { Field } from '../ui/Field.tsx'
import { useForm } from '../ui/form.ts'
import { useT } from '../ui/index.ts'

/**
 * The reason a confirmed action is sent with (a rejection, a lock): the reason field, the form's
 * refusal, cancel and the action's own button.
 */
export function ReasonForm({ form, submitKey, onCancel }: { form: ReturnType<typeof reasonForm>; submitKey: string; onCancel: () => void }) {
  const t = useT()
  const { field, onSubmit, state, error } = useForm(form)
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field labelKey="admin_reject_reason" autoComplete="off" {...field('reason')} />
      <p className="lk-field__error" role={error('form') ? 'alert' : undefined}>
        {error('form') ?? ''}
      </p>
      <div className="lk-dialog__buttons">
        <button type="button" className="lk-button" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="lk-button lk-button--primary" disabled={state.busy} aria-busy={state.busy}>
          {t(submitKey)}
        </button>
      </div>
    </form>
  )
}
