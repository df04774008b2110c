import { useState } from 'react'
import { useT } from '../ui/index.ts'
import { Field, type FieldProps } from '../ui/Field.tsx'

/** A password {@link Field} with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'addon'>) {
  const t = useT()
  const [shown, setShown] = useState(false)
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="lk-field__toggle"
          aria-pressed={shown}
          aria-label={t(shown ? 'auth_password_hide' : 'auth_password_show')}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? '🙈' : '👁'}
        </button>
      }
    />
  )
}
