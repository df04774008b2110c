import { computed, map } from 'nanostores'
import { $storage } from '../runtime/index.ts'
import { clearSessionKeys, type sessionKeys, type AppStorage } from '../storage/index.ts'

/** The SPEC §3 session keys, mirrored from session storage. */
export interface SessionState {
  token?: string
  memberLabel?: string[]
  customerId?: string
  account?: string
  /** Agent type: 0 member; 1, 2, 41, 42 agents; 4 trial (SPEC §6). */
  isAgent?: number
  gameVendor?: string
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined)

function readSession(storage: AppStorage): SessionState {
  const get = (key: (typeof sessionKeys)[number]) => storage.session.get(key)
  const labels = get('memberLabel')
  const isAgent = Number(get('isAgent'))
  return dropUndefined({
    token: str(get('token')),
    memberLabel: Array.isArray(labels) ? labels.filter((l): l is string => typeof l === 'string') : undefined,
    customerId: str(get('customerId')),
    account: str(get('account')),
    isAgent: get('isAgent') !== undefined && Number.isInteger(isAgent) ? isAgent : undefined,
    gameVendor: str(get('gameVendor')),
  })
}

const dropUndefined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T

/** The session (token, account, agent type…), persisted to session storage. Change it with {@link setSession}. */
export const $session = map<SessionState>(readSession($storage.get()))
$storage.listen((storage) => $session.set(readSession(storage)))

/** The session token, if any. */
export const $token = computed($session, (session) => session.token)
/** Logged in = a session token is present (SPEC §4). */
export const $loggedIn = computed($token, (token) => Boolean(token))
/** Agent type as a number (0 when unknown). */
export const $isAgent = computed($session, (session) => session.isAgent ?? 0)

/** Writes session keys to storage and the store; `undefined` removes a key. */
export function setSession(patch: Partial<SessionState>): void {
  const storage = $storage.get()
  for (const [key, value] of Object.entries(patch)) storage.session.set(key, value)
  $session.set(dropUndefined({ ...$session.get(), ...patch }))
}

/** Removes every session key (other session entries, such as merchant config, stay). */
export function clearSession(): void {
  clearSessionKeys($storage.get())
  $session.set({})
}
