import { useStore } from '@nanostores/react'
import { useCallback } from 'react'
import type { AuthFailure } from '../../sdk/auth/index.ts'
import { $messages } from '../../sdk/i18n/index.ts'
import { errorText, type FieldErrors } from '../../sdk/validation/index.ts'
import { useT } from '../ui/index.ts'

/** What a form shows after a failed submit. */
export interface FormProblem {
  fields: FieldErrors
  messageKey?: string
  params?: Record<string, string | number>
}

/** No problem. */
export const noProblem: FormProblem = { fields: {} }

/** Keeps what a failure says for the form (nothing for a step the user cancelled). */
export const problemOf = (out: AuthFailure): FormProblem => (out.cancelled ? noProblem : { fields: out.fields, messageKey: out.messageKey, params: out.params })

/** Text of a field's error in the current language, or `undefined`. */
export function useFieldError(problem: FormProblem): (name: string) => string | undefined {
  const messages = useStore($messages)
  return useCallback(
    (name: string) => {
      const e = problem.fields[name]
      return e ? errorText(messages, e) : undefined
    },
    [messages, problem],
  )
}

/** The form-level message of a failure, announced when it appears. */
export function FormMessage({ problem }: { problem: FormProblem }) {
  const t = useT()
  return (
    <p className="lk-auth__message" role="alert">
      {problem.messageKey ? t(problem.messageKey, problem.params) : ''}
    </p>
  )
}
