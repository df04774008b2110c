import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { useT } from './i18n.ts'

/** Props of {@link Field}: every input attribute plus a label key and an optional error text. */
export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  labelKey: string
  /** Already translated error text, shown under the field and announced. */
  error?: string
  /** Element shown at the end of the input (e.g. a show/hide button or a code button). */
  addon?: ReactNode
  hintKey?: string
}

/** Labelled input with its error under it (SPEC §8: field errors show under each field). */
export function Field({ labelKey, error, addon, hintKey, className, ...input }: FieldProps) {
  const t = useT()
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : '', hintKey ? hintId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={`lk-field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="lk-field__label">
        {t(labelKey)}
      </label>
      <div className="lk-field__control">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {addon}
      </div>
      {hintKey && (
        <p id={hintId} className="lk-field__hint">
          {t(hintKey)}
        </p>
      )}
      <p id={errorId} className="lk-field__error" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  )
}
