import { useState, type ReactNode } from 'react'
import { useT } from '../ui/index.ts'
import { Field, type FieldProps } from '../ui/Field.tsx'

/**
 * The toggle's eye, drawn (an emoji showed as an empty box where no emoji font is installed);
 * crossed out while the password shows (pressing it hides it).
 */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  )
}

/** A password {@link Field} with a show/hide toggle, and `extra` (a forgot-password button) after it. */
export function PasswordField({ extra, ...props }: Omit<FieldProps, 'type' | 'addon'> & { extra?: ReactNode }) {
  const t = useT()
  const [shown, setShown] = useState(false)
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      addon={
        <>
          <button
            type="button"
            className="lk-field__toggle"
            aria-pressed={shown}
            aria-label={t(shown ? 'auth_password_hide' : 'auth_password_show')}
            onClick={() => setShown((s) => !s)}
          >
            <EyeIcon crossed={shown} />
          </button>
          {extra}
        </>
      }
    />
  )
}
