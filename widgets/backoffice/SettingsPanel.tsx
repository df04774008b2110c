import { useStore } from '@nanostores/react'
import { type Backoffice, csField } from '../../sdk/backoffice/index.ts'
import { csPositions } from '../../sdk/contract/backoffice.ts'
import { Field } from '../ui/Field.tsx'
import { useForm } from '../ui/form.ts'
import { LoadStates } from '../ui/LoadStates.tsx'
import { useT } from '../ui/index.ts'

/** The platform settings (owner): one form, saved at once, filled from what is stored. */
export function SettingsPanel({ bo }: { bo: Backoffice }) {
  const t = useT()
  const area = bo.settings
  const state = useStore(area.settings.$state)
  const { form, field, onSubmit, state: values, error } = useForm(area.form)
  return (
    <>
      <h2>{t('admin_settings_title')}</h2>
      <LoadStates state={state} onRetry={() => void area.settings.load()} rows={4}>
        {() => (
          <form onSubmit={onSubmit} noValidate className="lk-bo__create">
            <Field labelKey="admin_settings_brand" autoComplete="off" {...field('brandName')} />
            <Field labelKey="admin_settings_time_zone" hintKey="admin_settings_time_zone_hint" autoComplete="off" spellCheck={false} {...field('timeZone')} />
            <fieldset className="lk-bo__group">
              <legend>{t('admin_settings_registration')}</legend>
              <Field labelKey="admin_settings_minimum_age" type="number" inputMode="numeric" min={18} max={99} {...field('minimumAge')} />
              <label className="lk-bo__check">
                <input type="checkbox" checked={values.values.termsDefault === true} onChange={(e) => form.set('termsDefault', e.target.checked)} />
                {t('admin_settings_terms_default')}
              </label>
            </fieldset>
            {csPositions.map((p) => (
              <fieldset key={p} className="lk-bo__group">
                <legend>{t(`admin_cs_${p.toLowerCase().replace('-', '_')}`)}</legend>
                <Field labelKey="admin_cs_label" autoComplete="off" {...field(csField(p, 'label'))} />
                <Field labelKey="admin_cs_path" hintKey="admin_cs_path_hint" type="url" autoComplete="off" spellCheck={false} {...field(csField(p, 'path'))} />
              </fieldset>
            ))}
            <p className="lk-field__error" role={error('form') ? 'alert' : undefined}>
              {error('form') ?? ''}
            </p>
            <p aria-live="polite">{values.result?.data && !values.busy ? t('admin_settings_saved') : ''}</p>
            <button type="submit" className="lk-button lk-button--primary" disabled={values.busy} aria-busy={values.busy}>
              {t('admin_settings_save')}
            </button>
          </form>
        )}
      </LoadStates>
    </>
  )
}
