import { useStore } from '@nanostores/react'
import { useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react'
import type { FieldError, Form, FormState } from '../../sdk/form/index.ts'
import { describeError } from '../../sdk/validation/index.ts'
import { useT } from './i18n.ts'

type Translate = ReturnType<typeof useT>

/** Text of a field error in the view's language (sdk/validation `describeError`), or `undefined`. */
export const errorMessage = (t: Translate, error: FieldError | undefined): string | undefined => (error ? describeError(t, error) : undefined)

// biome-ignore lint/suspicious/noExplicitAny: any form, whatever its values, input and result
type AnyForm = Form<any, any, any>
type StateOf<F> = F extends Form<infer V, infer I, infer R> ? FormState<V, I, R> : never
type ValuesOf<F> = StateOf<F> extends FormState<infer V, unknown, unknown> ? V : never

/** What {@link useForm} gives a component. */
export interface FormBinding<F extends AnyForm, V = ValuesOf<F>> {
  form: F
  state: StateOf<F>
  /** Props of a text input (`<Field {...field('code')} />`): name, value, change handler, translated error. */
  field: (name: keyof V & string) => { name: string; value: string; onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void; error?: string }
  /** Translated error of a field, or the form-level one (`error('form')`). */
  error: (name: string) => string | undefined
  /** The `<form onSubmit>` handler: checks, then sends or shows the review step. */
  onSubmit: (e: FormEvent) => void
}

/**
 * Binds a form store (sdk/form) to a component: the store (or its factory's) is kept for the
 * component's life and each field binds in one line.
 * @example
 * const { field, onSubmit, state } = useForm(createRealNameForm)
 * return <form onSubmit={onSubmit} noValidate><Field labelKey="money_real_name" {...field('realName')} /></form>
 */
export function useForm<F extends AnyForm>(make: F | (() => F)): FormBinding<F> {
  const [form] = useState(make)
  const state = useStore(form.$state) as StateOf<F>
  const t = useT()
  const error = (name: string) => errorMessage(t, state.errors[name])
  return {
    form,
    state,
    error,
    field: (name) => ({
      name,
      value: String(state.values[name] ?? ''),
      onChange: (e) => form.set(name, e.target.value),
      error: error(name),
    }),
    onSubmit: (e) => {
      e.preventDefault()
      void form.submit()
    },
  }
}

/**
 * The key handler of a message box: Enter sends the form, Shift+Enter starts a new line, and an Enter
 * that ends an input method's composition (Chinese, Vietnamese) does neither.
 */
export const enterSends =
  (form: { submit(): unknown }) =>
  (e: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      void form.submit()
    }
  }
