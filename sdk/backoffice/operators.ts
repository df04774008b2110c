/**
 * The back office's operators area (owners): the list, a new operator (its first password and TOTP
 * secret shown once, until dismissed), a role changed and an operator disabled or enabled, each
 * confirmed and sent with an idempotency key made when it was asked for.
 * @module
 */
import { atom } from 'nanostores'
import * as v from 'valibot'
import { type ApiError, newIdempotencyKey, outcome } from '../client/index.ts'
import { type OperatorCreated, type OperatorListItem, type OperatorRole, OperatorRoleSchema, OperatorUsername } from '../contract/backoffice.ts'
import { createForm } from '../form/index.ts'
import { opsApi } from './api.ts'
import { confirmable } from './confirm.ts'
import { remoteStore } from './remote.ts'

/** A role change asked for. */
export interface RoleChange {
  operator: OperatorListItem
  role: OperatorRole
}

/** Creates the operators area's stores; `onError` sees every refusal (an ended session). */
export function createOperatorsArea(onError: (error: ApiError) => void) {
  const list = remoteStore(async () => (await opsApi('opsOperators')).operators, onError)
  /** The operator just created with its first password and secret, until the owner dismisses them. */
  const $created = atom<OperatorCreated | null>(null)

  // Kept until the operator is created: a retry after a failure is the same creation.
  let createKey = newIdempotencyKey()
  const createOperatorForm = createForm({
    initial: { username: '', role: 'support' as OperatorRole },
    schema: v.object({ username: OperatorUsername, role: OperatorRoleSchema }),
    submit: async (input) => {
      const r = await outcome(() => opsApi('opsCreateOperator', { ...input, idempotencyKey: createKey }))
      if (r.error) onError(r.error)
      else {
        createKey = newIdempotencyKey()
        $created.set(r.data)
        void list.load()
      }
      return r
    },
  })

  const changeRole = confirmable<RoleChange>(
    ({ operator, role }, idempotencyKey) => opsApi('opsSetOperatorRole', { id: operator.id, role, idempotencyKey }),
    () => void list.load(),
    onError,
  )
  const setDisabled = confirmable<OperatorListItem>(
    (operator, idempotencyKey) => opsApi('opsSetOperatorDisabled', { id: operator.id, disabled: !operator.disabled, idempotencyKey }),
    () => void list.load(),
    onError,
  )

  return { list, $created, dismissCreated: () => $created.set(null), createOperatorForm, changeRole, setDisabled }
}

/** The operators area's stores ({@link createOperatorsArea}). */
export type OperatorsArea = ReturnType<typeof createOperatorsArea>
