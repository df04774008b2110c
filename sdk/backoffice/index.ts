/**
 * The operator back office's state, one set per page instance: the operator signed in and the
 * sign-in form, then the withdrawals queue, the reward approvals, the members, the customer-service console, the
 * maintenance and region switches, the platform settings, the operators, the content editor and Publish, the audit and the operator's own account, each loading when its tab is shown. Every action is confirmed first and sent with an idempotency key made when it
 * was asked for. Views bind these stores and draw; they decide nothing.
 * @module
 */
import { atom, computed, onMount, type ReadableAtom } from 'nanostores'
import * as v from 'valibot'
import type { ApiError } from '../client/index.ts'
import { outcome } from '../client/index.ts'
import {
  mayDo,
  OperatorSignInRequest,
  WithdrawalRejectRequest,
  type Maintenance,
  type Operator,
  type OperatorArea,
  type OperatorAuditEntry,
  type QueuedWithdrawal,
} from '../contract/backoffice.ts'
import { createForm } from '../form/index.ts'
import { opsApi } from './api.ts'
import { confirmable, reasonForm } from './confirm.ts'
import { createMembersArea } from './members.ts'
import { createOperatorsArea } from './operators.ts'
import { createRewardsArea } from './rewards.ts'
import { createSettingsArea } from './settings.ts'
import { createServiceArea } from './service.ts'
import { createAccountArea } from './account.ts'
import { createContentArea } from './content.ts'
import { type Loaded, remoteStore } from './remote.ts'

export { opsApi } from './api.ts'
export { describeAuditEntry, type AuditLine } from './audit.ts'
export type { Confirmable, Pending } from './confirm.ts'
export type { Loaded, RemoteStore } from './remote.ts'
export { MEMBERS_PER_PAGE, type MembersArea } from './members.ts'
export type { OperatorsArea, RoleChange } from './operators.ts'
export type { RewardAction, RewardsArea } from './rewards.ts'
export { csField, type CsPosition, type SettingsArea } from './settings.ts'
export type { LiveState, OpenConversation, ServiceArea } from './service.ts'
export type { AccountArea } from './account.ts'
export type { ContentArea } from './content.ts'

/** The message key of a refusal: the one its field names (the last owner, a name taken), else its code's. */
export const refusalKey = (error: ApiError): string => Object.values(error.fields ?? {})[0] ?? error.messageKey

/** The back office's tabs, in their order. */
export const backofficeTabs = [
  'withdrawals',
  'rewards',
  'members',
  'service',
  'maintenance',
  'settings',
  'operators',
  'content',
  'audit',
  'account',
] as const satisfies readonly OperatorArea[]
/** One of {@link backofficeTabs}. */
export type BackofficeTab = (typeof backofficeTabs)[number]

/** A decision on a queued withdrawal that needs only a confirmation (a rejection also needs its reason). */
export interface WithdrawalAction {
  id: string
  decision: 'approve' | 'reject' | 'disburse'
  /** Shown in the confirmation. */
  withdrawal: QueuedWithdrawal
}

const decisionCall = { approve: 'opsApproveWithdrawal', disburse: 'opsDisburseWithdrawal' } as const

/** The reason field of a rejection, checked by the request's own rule. */
const RejectReason = v.object({ reason: WithdrawalRejectRequest.entries.reason })

/** Creates the back office's stores (one per page instance). */
export function createBackoffice() {
  /** The operator signed in: `undefined` data while unknown, `null` when signed out. */
  const $operator = atom<Loaded<Operator | null>>({ loading: true })
  const $tab = atom<BackofficeTab>('withdrawals')

  /** A refusal saying the session ended (idle, signed out elsewhere) brings the sign-in back. */
  const onError = (error: ApiError) => {
    if (error.code === 'unauthorized') $operator.set({ data: null, loading: false })
  }

  const checkSession = async () => {
    $operator.set({ ...$operator.get(), loading: true, error: undefined })
    const r = await outcome(() => opsApi('opsMe'))
    $operator.set(r.error ? { loading: false, error: r.error } : { data: r.data, loading: false })
  }
  onMount($operator, () => {
    void checkSession()
  })

  /** The tabs the operator's role opens (the contract's permissions). */
  const $tabs: ReadableAtom<BackofficeTab[]> = computed($operator, (s) => (s.data ? backofficeTabs.filter((tab) => mayDo(s.data!.role, tab)) : []))
  /** The tab shown: the one chosen when the role opens it, else the first it opens. */
  const $shown = computed([$tab, $tabs], (tab, tabs) => (tabs.includes(tab) ? tab : tabs[0]))

  const signInForm = createForm({
    initial: { username: '', password: '', code: '' },
    schema: OperatorSignInRequest,
    keep: ['username'],
    submit: async (input) => {
      const r = await outcome(() => opsApi('opsSignIn', input))
      if (r.data) $operator.set({ data: r.data, loading: false })
      return r
    },
  })

  const signOut = async () => {
    await outcome(() => opsApi('opsSignOut'))
    $operator.set({ data: null, loading: false })
  }

  const withdrawals = remoteStore(async () => (await opsApi('opsWithdrawals')).withdrawals, onError)
  const decide = confirmable<WithdrawalAction>(
    ({ id, decision }, idempotencyKey) =>
      decision === 'reject' ? Promise.reject(new Error('a rejection is sent by its form')) : opsApi(decisionCall[decision], { id, idempotencyKey }),
    () => void withdrawals.load(),
    onError,
  )
  const rejectForm = reasonForm(
    decide,
    RejectReason,
    ({ id }, reason, idempotencyKey) => opsApi('opsRejectWithdrawal', { id, reason, idempotencyKey }),
    () => void withdrawals.load(),
    onError,
  )

  const maintenance = remoteStore<Maintenance>(() => opsApi('opsMaintenance'), onError)
  const switchMaintenance = confirmable<boolean>(
    (on, idempotencyKey) => opsApi('opsSetMaintenance', { maintenance: on, idempotencyKey }),
    () => void maintenance.load(),
    onError,
  )

  const audit = remoteStore<{ entries: OperatorAuditEntry[]; next: string | null }>(() => opsApi('opsAudit', {}), onError)
  const $auditMore = atom<{ busy: boolean; error?: ApiError }>({ busy: false })
  /** Appends the next page of the audit. */
  const moreAudit = async () => {
    const shown = audit.$state.get().data
    if (!shown?.next || $auditMore.get().busy) return
    $auditMore.set({ busy: true })
    const r = await outcome(() => opsApi('opsAudit', { before: shown.next ?? undefined }))
    if (r.error) onError(r.error)
    else audit.$state.set({ data: { entries: [...shown.entries, ...r.data.entries], next: r.data.next }, loading: false })
    $auditMore.set({ busy: false, error: r.error })
  }

  return {
    members: createMembersArea(onError),
    rewards: createRewardsArea(onError),
    operators: createOperatorsArea(onError),
    settings: createSettingsArea(onError),
    service: createServiceArea(onError, () => void checkSession()),
    account: createAccountArea(onError),
    content: createContentArea(onError),
    $operator,
    checkSession,
    signInForm,
    signOut,
    $tab,
    $tabs,
    $shown,
    /** Shows a tab. */
    showTab: (tab: BackofficeTab) => $tab.set(tab),
    withdrawals,
    decide,
    rejectForm,
    maintenance,
    switchMaintenance,
    audit,
    $auditMore,
    moreAudit,
  }
}

/** The back office's stores ({@link createBackoffice}). */
export type Backoffice = ReturnType<typeof createBackoffice>
