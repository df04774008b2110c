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
   * The contract's request schema (or the part a form fills: a money request's entries without its idempotency key): the values,
   * through {@link FormOptions.input}, must pass it before anything is sent, and its output is sent.
   * A failing field shows the key its schema action names as message, else `err_field_invalid`.
   * A function picks the schema by the values (a payout account's kind).
   */
  schema?: v.GenericSchema<unknown, I> | ((values: V) => v.GenericSchema<unknown, I>)
  /** Turns the values into the request input the schema checks (default: the values themselves). */
  input?: (values: V) => unknown
  /** Rules the request does not carry (a confirmation, limits known only to the page); run beside the schema. */
  check?: (values: V) => FieldErrors
  /**
   * Sends the checked input; resolves the one result type, never rejects (see `outcome`, `keyed`).
   * `null`: the member closed a step on the way (a slider, a sign-in window): nothing to show, values kept.
   */
  submit: (input: I, values: V) => Promise<Outcome<R> | null>
  /** Stop at a review step after the checks: {@link Form.confirm} sends, {@link Form.back} returns to editing. */
  review?: boolean
  /** Fields that keep their value after a success (default: every field goes back to its starting value). */
  keep?: readonly (keyof V)[]
  /** Request field → the form field that shows its problems, where the names differ (`rateBp` → `rate`). */
  names?: Readonly<Record<string, keyof V & string>>
  /**
   * The form-level message of a refusal, shown under {@link formError} even when the refusal names
   * fields (the account forms: a wait, an age, a break's end). Default: the refusal's own message,
   * and only when it names none of the form's fields.
   */
  message?: (error: ApiError) => FieldError
  /**
   * Adds what a field's message needs to its key, for the schema's problems and the platform's alike
   * (a failed registration rule names its pattern's text: `err_field_pattern` → the rule's `pattern`).
   */
  describe?: (field: string, error: FieldError) => FieldError
}

/** A side action on a form's values (a get-code button): its own schema and input, its own call. */
export interface FormStep<V, J, S> {
  schema?: v.GenericSchema<unknown, J> | ((values: V) => v.GenericSchema<unknown, J>)
  input?: (values: V) => unknown
  /** Rules its request does not carry (digits a number has in the chosen country); run beside the schema. */
  check?: (values: V) => FieldErrors
  /** Its refusal keeps the default mapping, not the form's {@link FormOptions.message} (its message was said elsewhere, a warning). */
  plain?: boolean
  /** Sends; `null` when the action declined (a countdown still running). */
  send: (input: J) => Promise<Outcome<S> | null>
}

/** A form store and its actions. */
export interface Form<V extends object, I, R> {
  readonly $state: ReadableAtom<FormState<V, I, R>>
  /** The form's field names (the keys of its starting values). */
  readonly fields: readonly string[]
  /** Sets one field's value; nothing else changes (errors stay until the next check). */
  set<K extends keyof V>(name: K, value: V[K]): void
  /**
   * Checks the values (after setting `changes`, e.g. the button's choice); with errors shows them and
   * resolves `null`, with a review step stops there (resolves `null`), else sends. Ignored (`null`) while busy.
   */
  submit(changes?: Partial<V>): Promise<Outcome<R> | null>
  /** Sends the input under review; `null` when there is none or while busy. */
  confirm(): Promise<Outcome<R> | null>
  /**
   * Runs a side action on the values (a get-code button, a simulation): only its own schema's problems
   * show, its refusal lands under the fields like a submission's, the values stay; busy meanwhile.
   * `null` when refused before sending or while busy.
   */
  run<J, S>(step: FormStep<V, J, S>): Promise<Outcome<S> | null>
  /** Leaves the review step, values kept. */
  back(): void
  /** Drops the errors and the result shown (a switched tab); values kept. */
  clear(): void
  /** Back to the starting values, no errors, no result. */
  reset(): void
}

/**
 * Field errors of a refusal: each field of the form the platform named gets its key; when it named
 * none of them, the refusal's own message goes under {@link formError}. The one mapper from an
 * {@link ApiError} to what a form shows.
 * @param names - the form's field names (others the platform named are not shown by this form)
 * @param aliases - request field → form field, where the names differ
 */
export function errorsOf(error: ApiError, names: readonly string[], aliases: Readonly<Record<string, string>> = {}, message?: (error: ApiError) => FieldError): FieldErrors {
  const out: FieldErrors = {}
  const said = message?.(error)
  for (const [field, key] of Object.entries(error.fields ?? {})) {
    const name = aliases[field] ?? field
    // A field refused for the reason the message gives takes the message's parameters (an age).
    if (names.includes(name)) out[name] ??= key === said?.key && said.params ? { key, params: said.params } : { key }
  }
  if (said) out[formError] = said
  else if (Object.keys(out).length === 0) out[formError] = { key: error.messageKey }
  return out
}

/**
 * Creates a form store (one per form on screen: create it where the view is created).
 * @example const form = createForm({ initial: { realName: '' }, schema: SetRealNameRequest, submit: saveRealName })
 */
export function createForm<V extends object, I = V, R = unknown>(options: FormOptions<V, I, R>): Form<V, I, R> {
  const { initial, check, submit } = options
  const fields = Object.keys(initial)
  const aliases: Readonly<Record<string, string>> = options.names ?? {}
  const start = (): FormState<V, I, R> => ({ values: { ...initial }, errors: {}, busy: false, review: null, result: null })
  const $state = atom<FormState<V, I, R>>(start())
  const state = () => $state.get()
  const patch = (next: Partial<FormState<V, I, R>>) => $state.set({ ...$state.get(), ...next })
  const { describe } = options
  const described = (errors: FieldErrors): FieldErrors =>
    describe ? Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, error && describe(name, error)])) : errors

  function validate<J>(values: V, step: Pick<FormStep<V, J, unknown>, 'schema' | 'input'>, errors: FieldErrors = {}): { input: J } | { errors: FieldErrors } {
    let input = (step.input ? step.input(values) : values) as J
    const schema = typeof step.schema === 'function' ? step.schema(values) : step.schema
    if (schema) {
      const parsed = v.safeParse(schema, input)
      if (parsed.success) input = parsed.output
      else {
        for (const [path, key] of Object.entries(issueFields(parsed.issues))) {
          // A rule on a field this form has no input for is still the form's problem to show.
          const field = aliases[path] ?? path
          const name = fields.includes(field) ? field : formError
          errors[name] ??= { key }
        }
      }
    }
    return hasErrors(errors) ? { errors: described(errors) } : { input }
  }

  async function send(input: I): Promise<Outcome<R> | null> {
    const { values } = $state.get()
    patch({ busy: true, result: null })
    const result = await submit(input, values)
    if (!result) {
      patch({ busy: false, review: null })
    } else if (result.error) {
      patch({ busy: false, review: null, result, errors: described(errorsOf(result.error, fields, aliases, options.message)) })
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
    async submit(changes) {
      if (state().busy) return null
      if (changes) patch({ values: { ...state().values, ...changes } })
      const { values } = state()
      const checked = validate<I>(values, options, { ...check?.(values) })
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
    async run(step) {
      const checked = validate(state().values, step, { ...step.check?.(state().values) })
      patch({ errors: 'errors' in checked ? checked.errors : {}, result: null })
      if ('errors' in checked) return null
      const result = await step.send(checked.input)
      if (result?.error) patch({ errors: described(errorsOf(result.error, fields, aliases, step.plain ? undefined : options.message)) })
      return result
    },
    back() {
      patch({ review: null })
    },
    clear() {
      patch({ errors: {}, result: null })
    },
    reset() {
      $state.set(start())
    },
  }
}
