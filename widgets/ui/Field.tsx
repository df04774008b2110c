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

/** The id and the states a control inside {@link FieldFrame} takes. */
export interface ControlProps {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

/** Props of {@link FieldFrame}. */
export interface FieldFrameProps {
  labelKey: string
  /** Already translated error text, shown under the control and announced. */
  error?: string
  hintKey?: string
  className?: string
  /** Ids of more text that describes the control (a character count). */
  describedBy?: string
  /** Shown under the error (a character count). */
  after?: ReactNode
  /** Draws the control (input, select, textarea) with the id and states it is given. */
  children: (control: ControlProps) => ReactNode
}

/** A labelled control with its hint and its error under it (SPEC §8: field errors show under each field). */
export function FieldFrame({ labelKey, error, hintKey, className, describedBy, after, children }: FieldFrameProps) {
  const t = useT()
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const described = [error ? errorId : '', hintKey ? hintId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={`lk-field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="lk-field__label">
        {t(labelKey)}
      </label>
      <div className="lk-field__control">{children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}</div>
      {hintKey && (
        <p id={hintId} className="lk-field__hint">
          {t(hintKey)}
        </p>
      )}
      <p id={errorId} className="lk-field__error" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
      {after}
    </div>
  )
}

/** Labelled input with its error under it. */
export function Field({ labelKey, error, addon, hintKey, className, ...input }: FieldProps) {
  return (
    <FieldFrame labelKey={labelKey} error={error} hintKey={hintKey} className={className}>
      {(control) => (
        <>
          <input {...control} {...input} />
          {addon}
        </>
      )}
    </FieldFrame>
  )
}
