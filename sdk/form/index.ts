/**
 * The form engine: a form is a store (values, field errors as message keys, busy, an optional review
 * step, the result) checked by the contract's own request schema, so a field rule has one home for
 * the form and the platform. Views bind fields and render the state; they decide nothing.
 *
 * @example
 * // sdk: the form, its rules from the contract, its call through the client (money calls through `keyed`)
 * export const createResetForm = () =>
 *   createForm({
 *     initial: { verificationCode: '', newPassword: '' },
 *     schema: ResetPaymentPasswordRequest,
 *     submit: (input) => resetPaymentPassword(input),
 *   })
 * // widgets: one line per field
 * const { field, onSubmit, state, error } = useForm(createResetForm)
 * <form onSubmit={onSubmit}><Field labelKey="money_sec_code_mobile" {...field('verificationCode')} /></form>
 * @module
 */
import { atom, type ReadableAtom } from 'nanostores'
import * as v from 'valibot'
import type { ApiError } from '../client/errors.ts'
import type { Outcome } from '../client/outcome.ts'
import { issueFields } from '../contract/issues.ts'
import { hasErrors, type FieldError, type FieldErrors } from '../validation/index.ts'

export { hasErrors, type FieldError, type FieldErrors, type Outcome }

/** Name of the form-level error in {@link FormState.errors}: a refusal that names none of the form's fields. */
export const formError = 'form'

/** What a form holds and shows. */
export interface FormState<V, I, R> {
  values: V
  /** Field name (or {@link formError}) → its problem, as a message key. Empty when nothing is wrong. */
  errors: FieldErrors
  /** A submission is on its way: the submit button is disabled and a second submit is ignored. */
  busy: boolean
  /** The checked input waiting for the member's confirmation (forms with a review step), else `null`. */
  review: I | null
  /** The last submission's outcome; `null` before one and while the next is checked. */
  result: Outcome<R> | null
}

/** What {@link createForm} is given. */
export interface FormOptions<V extends object, I, R> {
  /** The fields and their starting values; the form's field names are its keys. */
  initial: V
  /**
   * The contract's request schema (or a part of it: `v.omit(Request, ['idempotencyKey'])`): the values,
   * through {@link FormOptions.input}, must pass it before anything is sent, and its output is sent.
   * A failing field shows the key its schema action names as message, else `err_field_invalid`.
   */
  schema?: v.GenericSchema<unknown, I>
  /** Turns the values into the request input the schema checks (default: the values themselves). */
  input?: (values: V) => unknown
  /** Rules the request does not carry (a confirmation, limits known only to the page); run beside the schema. */
  check?: (values: V) => FieldErrors
  /** Sends the checked input; resolves the one result type, never rejects (see `outcome`, `keyed`). */
  submit: (input: I, values: V) => Promise<Outcome<R>>
  /** Stop at a review step after the checks: {@link Form.confirm} sends, {@link Form.back} returns to editing. */
  review?: boolean
  /** Fields that keep their value after a success (default: every field goes back to its starting value). */
  keep?: readonly (keyof V)[]
}

/** A form store and its actions. */
export interface Form<V extends object, I, R> {
  readonly $state: ReadableAtom<FormState<V, I, R>>
  /** The form's field names (the keys of its starting values). */
  readonly fields: readonly (keyof V & string)[]
  /** Sets one field's value; nothing else changes (errors stay until the next check). */
  set<K extends keyof V>(name: K, value: V[K]): void
  /**
   * Checks the values; with errors shows them and resolves `null`, with a review step stops there
   * (resolves `null`), else sends. Ignored (`null`) while busy.
   */
  submit(): Promise<Outcome<R> | null>
  /** Sends the input under review; `null` when there is none or while busy. */
  confirm(): Promise<Outcome<R> | null>
  /** Leaves the review step, values kept. */
  back(): void
  /** Back to the starting values, no errors, no result. */
  reset(): void
}

/**
 * Field errors of a refusal: each field of the form the platform named gets its key; when it named
 * none of them, the refusal's own message goes under {@link formError}. The one mapper from an
 * {@link ApiError} to what a form shows.
 * @param names - the form's field names (others the platform named are not shown by this form)
 */
export function errorsOf(error: ApiError, names: readonly string[]): FieldErrors {
  const out: FieldErrors = {}
  for (const [name, key] of Object.entries(error.fields ?? {})) if (names.includes(name)) out[name] = { key }
  if (Object.keys(out).length === 0) out[formError] = { key: error.messageKey }
  return out
}

/**
 * Creates a form store (one per form on screen: create it where the view is created).
 * @example const form = createForm({ initial: { realName: '' }, schema: SetRealNameRequest, submit: saveRealName })
 */
export function createForm<V extends object, I = V, R = unknown>(options: FormOptions<V, I, R>): Form<V, I, R> {
  const { initial, schema, check, submit } = options
  const fields = Object.keys(initial) as (keyof V & string)[]
  const start = (): FormState<V, I, R> => ({ values: { ...initial }, errors: {}, busy: false, review: null, result: null })
  const $state = atom<FormState<V, I, R>>(start())
  const patch = (next: Partial<FormState<V, I, R>>) => $state.set({ ...$state.get(), ...next })

  function validate(values: V): { input: I } | { errors: FieldErrors } {
    const errors: FieldErrors = { ...check?.(values) }
    let input = (options.input ? options.input(values) : values) as I
    if (schema) {
      const parsed = v.safeParse(schema, input)
      if (parsed.success) input = parsed.output
      else {
        for (const [path, key] of Object.entries(issueFields(parsed.issues))) {
          // A rule on a field this form has no input for is still the form's problem to show.
          const name = fields.includes(path as keyof V & string) ? path : formError
          errors[name] ??= { key }
        }
      }
    }
    return hasErrors(errors) ? { errors } : { input }
  }

  async function send(input: I): Promise<Outcome<R>> {
    const { values } = $state.get()
    patch({ busy: true, result: null })
    const result = await submit(input, values)
    if (result.error) {
      patch({ busy: false, review: null, result, errors: errorsOf(result.error, fields) })
    } else {
      const kept = Object.fromEntries((options.keep ?? []).map((name) => [name, $state.get().values[name]]))
      patch({ busy: false, review: null, result, errors: {}, values: { ...initial, ...kept } })
    }
    return result
  }

  return {
    $state,
    fields,
    set(name, value) {
      patch({ values: { ...$state.get().values, [name]: value } })
    },
    async submit() {
      const state = $state.get()
      if (state.busy) return null
      const checked = validate(state.values)
      if ('errors' in checked) {
        patch({ errors: checked.errors, result: null, review: null })
        return null
      }
      if (options.review) {
        patch({ errors: {}, result: null, review: checked.input })
        return null
      }
      patch({ errors: {} })
      return send(checked.input)
    },
    async confirm() {
      const { busy, review } = $state.get()
      if (busy || review === null) return null
      return send(review)
    },
    back() {
      patch({ review: null })
    },
    reset() {
      $state.set(start())
    },
  }
}
