/**
 * The registration centre of the agent centre (SPEC §2 registerCenter): accounts created directly
 * below the agent, and its invitation codes with their registration links and QR codes.
 * @module
 */
import type { RequestOf, ResponseOf } from '../contract/index.ts'
import { agentApi } from './api.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { $accountKey } from '../stores/centre-lists.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { CreateDownlineRequest, LabelInvitationRequest } from '../contract/agent.ts'
import { createForm } from '../form/index.ts'
import { loadDownlines } from './team.ts'

/**
 * The origin of this site, which serves `/register`: the invitation links start with it. Outside a
 * browser there is none, and the platform refuses the call.
 */
function siteOrigin(): string {
  return typeof document === 'undefined' ? '' : new URL(document.baseURI).origin
}

/** The agent's invitation codes (its own first), each with its link and QR code; asked for while shown. */
export const $invitations = createFetcherStore<ResponseOf<'agentInvitations'>>(
  ['agentInvitations', '|', $accountKey],
  () => agentApi('agentInvitations', { origin: siteOrigin() }),
  everyView,
)

/** Asks for the invitation codes again (a retry). */
export const loadInvitations = (): void => $invitations.revalidate()

/** Creates an invitation code; the list shows it at once. */
export async function createInvitation(): Promise<Outcome<ResponseOf<'agentCreateInvitation'>>> {
  const result = await outcome(() => agentApi('agentCreateInvitation', { origin: siteOrigin() }))
  if (result.data) $invitations.mutate(result.data)
  return result
}

/** Disables one of the codes created here; registering with it is refused from then on. */
export async function disableInvitation(code: string): Promise<Outcome<ResponseOf<'agentDisableInvitation'>>> {
  const result = await outcome(() => agentApi('agentDisableInvitation', { origin: siteOrigin(), code }))
  if (result.data) $invitations.mutate(result.data)
  return result
}

/**
 * Creates a member or agent below the signed-in agent. The password goes sealed to the platform
 * and is kept nowhere here; the new account changes it at its first login.
 */
export function createDownline(input: RequestOf<'agentCreateDownline'>): Promise<Outcome<ResponseOf<'agentCreateDownline'>>> {
  return outcome(() => agentApi('agentCreateDownline', input))
}

/**
 * The create-an-account form: the kind, a username and a password twice, checked by the contract's
 * `CreateDownlineRequest` (the account rules the platform checks it with). A success clears
 * the password from memory (the kind stays) and the downlines' list asks again.
 */
export const createDownlineForm = () =>
  createForm({
    initial: { kind: 'member' as 'member' | 'agent', username: '', password: '', confirmPassword: '' },
    schema: CreateDownlineRequest,
    submit: async (input) => {
      const result = await createDownline(input)
      if (result.data) void loadDownlines()
      return result
    },
    keep: ['kind'],
  })

/** Enables a disabled code again; the list shows it at once. */
export async function enableInvitation(code: string): Promise<Outcome<ResponseOf<'agentEnableInvitation'>>> {
  const result = await outcome(() => agentApi('agentEnableInvitation', { origin: siteOrigin(), code }))
  if (result.data) $invitations.mutate(result.data)
  return result
}

/**
 * The label form of one code: the agent's own name for it, checked by the contract's
 * `LabelInvitationRequest` (at most 40 characters); the list shows it once saved, and the field keeps it.
 */
export const createInvitationLabelForm = (code: string, label: string) =>
  createForm({
    initial: { label },
    schema: LabelInvitationRequest,
    input: (values) => ({ origin: siteOrigin(), code, label: values.label }),
    submit: async (input) => {
      const result = await outcome(() => agentApi('agentLabelInvitation', input))
      if (result.data) $invitations.mutate(result.data)
      return result
    },
    keep: ['label'],
  })
