import { useStore } from '@nanostores/react'
import { useState, type ChangeEvent, type FormEvent } from 'react'
import type { FieldError, Form, FormState } from '../../sdk/form/index.ts'
import { fillRange } from '../../sdk/validation/index.ts'
import { useT } from './i18n.ts'

type Translate = ReturnType<typeof useT>

/** Text of a field error: a failed server pattern describes itself, else the key's text with its parameters. */
export function errorMessage(t: Translate, error: FieldError | undefined): string | undefined {
  if (!error) return undefined
  const { pattern } = error
  const patternKey = pattern && `reg_pattern_${pattern.id}`
  // An id this client has no text for still gets a message, never a raw key.
  if (pattern && patternKey && t(patternKey) !== patternKey) return fillRange(t(patternKey), pattern.min, pattern.max)
  return t(error.key, error.params)
}

/** What {@link useForm} gives a component. */
export interface FormBinding<V extends object, I, R> {
  form: Form<V, I, R>
  state: FormState<V, I, R>
  /** Props of a text input (`<Field {...field('code')} />`): name, value, change handler, translated error. */
  field: (name: keyof V & string) => { name: string; value: string; onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void; error?: string }
  /** Translated error of a field, or the form-level one (`error('form')`). */
  error: (name: string) => string | undefined
  /** The `<form onSubmit>` handler: checks, then sends or shows the review step. */
  onSubmit: (e: FormEvent) => void
}

/**
 * Binds a form store (sdk/form) to a component: the store is created once per component instance and
 * each field binds in one line.
 * @example
 * const { field, onSubmit, state } = useForm(createRealNameForm)
 * return <form onSubmit={onSubmit} noValidate><Field labelKey="money_real_name" {...field('realName')} /></form>
 */
export function useForm<V extends object, I, R>(make: () => Form<V, I, R>): FormBinding<V, I, R> {
  const [form] = useState(make)
  const state = useStore(form.$state)
  const t = useT()
  const error = (name: string) => errorMessage(t, state.errors[name])
  return {
    form,
    state,
    error,
    field: (name) => ({
      name,
      value: String(state.values[name] ?? ''),
      onChange: (e) => form.set(name, e.target.value as V[typeof name]),
      error: error(name),
    }),
    onSubmit: (e) => {
      e.preventDefault()
      void form.submit()
    },
  }
}
