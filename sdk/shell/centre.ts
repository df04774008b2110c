import { atom, computed } from 'nanostores'
import { guard } from '../guard/index.ts'
import { $isAgent } from '../stores/index.ts'

/** Which overlay centre a header item opens, and at which page (SPEC §2 member and agent centres). */
export interface CentreRequest {
  kind: 'member' | 'agent'
  page: string
}

/** The centre overlay requested by the header, or `null`. The member/agent centre islands render it. */
export const $centre = atom<CentreRequest | null>(null)

/** Agent types that see the agent centre (SPEC §6). */
export const agentTypes: readonly number[] = [1, 2, 41, 42]

/** Whether the header offers the agent entry instead of 'my account'. */
export const $agentEntry = computed($isAgent, (isAgent) => agentTypes.includes(isAgent))

/**
 * Opens a centre page after the real-account guard; a refused guest or trial account gets the login
 * prompt or the SPEC §5 warning, which the auth host shows.
 */
export function openCentre(kind: CentreRequest['kind'], page: string): void {
  if (guard('real').ok) $centre.set({ kind, page })
}

/** Closes the centre overlay. */
export const closeCentre = (): void => $centre.set(null)
