import { atom, computed } from 'nanostores'
import { $guardWarning, guard, trialWarning } from '../guard/index.ts'
import { $isAgent } from '../stores/index.ts'

/** Which overlay centre a header item opens, and at which page (SPEC §2 member and agent centres). */
export interface CentreRequest {
  kind: 'member' | 'agent'
  page: string
}

/** The centre overlay requested (header menu, /agentHome), or `null`. `widgets/centre` renders it. */
export const $centre = atom<CentreRequest | null>(null)

/** Agent types that see the agent centre (SPEC §6). */
export const agentTypes: readonly number[] = [1, 2, 41, 42]

/** Whether the header offers the agent entry instead of 'my account'. */
export const $agentEntry = computed($isAgent, (isAgent) => agentTypes.includes(isAgent))

/**
 * Opens a centre page after the real-account guard; a refused guest or trial account gets the login
 * prompt or the SPEC §5 warning, which the auth host shows. The agent centre also refuses an account
 * that is not an agent, with the same warning (SPEC §5).
 * @param page - a page of that centre; an unknown or hidden one shows the centre's default page
 */
export function openCentre(kind: CentreRequest['kind'], page: string): void {
  if (!guard('real').ok) return
  if (kind === 'agent' && !$agentEntry.get()) return void $guardWarning.set(trialWarning)
  $centre.set({ kind, page })
}

/** Closes the centre overlay. */
export const closeCentre = (): void => $centre.set(null)
