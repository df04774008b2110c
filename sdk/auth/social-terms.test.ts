import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { signIdToken } from '../../sandbox/auth/idp.ts'
import { configure } from '../runtime/index.ts'
import { $session, clearSession, loadStatus } from '../stores/index.ts'
import { createStorage } from '../storage/index.ts'
import { formError } from '../form/index.ts'

// The provider's window is the one thing played here: it hands back an ID token the platform (the real
// sandbox, in this process) verifies. Each call is one trip to the provider.
const idp = vi.hoisted(() => ({ next: [] as string[], trips: 0 }))
vi.mock('./idp.ts', async (original) => ({
  ...(await original<typeof import('./idp.ts')>()),
  requestIdToken: async () => {
    idp.trips++
    const idToken = idp.next.shift()
    return idToken ? { idToken } : { error: 'popup_closed' as const }
  },
}))

const { closeAuth, createLoginForm, setNavigator } = await import('./index.ts')

// The platform's clock, moved on by a test to let a proof expire.
let skew = 0
const sandbox = await startSandbox({ now: () => Date.now() + skew })
afterAll(() => sandbox.close())
setNavigator(() => undefined)

const token = (sub: string, expiresIn = 600) =>
  signIdToken({ provider: 'google', sub, name: 'New Player', email: `${sub}@example.test`, exp: Math.floor(Date.now() / 1000) + expiresIn })
const linked = async (sub: string) => (await sandbox.db.query<{ n: number }>("SELECT count(*)::int AS n FROM member_identities WHERE provider = 'google' AND sub = $1", [sub]))[0].n

beforeEach(async () => {
  configure({ baseURL: sandbox.url, storage: createStorage() })
  clearSession()
  closeAuth()
  idp.next = []
  idp.trips = 0
  skew = 0
  await sandbox.admin.setFlag('GOOGLELOGIN3', true)
  await loadStatus()
})

describe('the login form asks for the age and terms confirmation on a first social sign-in', () => {
  it('asks, refuses to go on until the box is ticked, then completes the same sign-in without a second trip to the provider', async () => {
    const sub = `g-${crypto.randomUUID()}`
    idp.next = [token(sub)]
    const form = createLoginForm()

    const asked = await form.byProvider('google')
    expect(asked?.error?.code).toBe('terms_required')
    expect(form.$termsAsked.get()).toEqual({ provider: 'google', minimumAge: 18 })
    expect(form.$state.get().errors[formError]).toEqual({ key: 'auth_social_terms_note', params: { age: 18 } })
    expect($session.get().token).toBeUndefined()
    expect(await linked(sub)).toBe(0)

    // Not ticked: the box says so, nothing is sent.
    expect(await form.confirmTerms()).toBeNull()
    expect(form.$state.get().errors.termsAccepted).toEqual({ key: 'auth_terms_required' })
    expect(await linked(sub)).toBe(0)

    form.set('termsAccepted', true)
    const done = await form.confirmTerms()
    expect(done?.data?.firstTimeLogin).toBe(true)
    expect($session.get().token).toBeTruthy()
    expect(form.$termsAsked.get()).toBeNull()
    expect(idp.trips).toBe(1)
    expect(await linked(sub)).toBe(1)
  })

  it('asks the provider again when the refused proof is no longer good', async () => {
    const sub = `g-${crypto.randomUUID()}`
    idp.next = [token(sub)]
    const form = createLoginForm()
    expect((await form.byProvider('google'))?.error?.code).toBe('terms_required')
    // The proof expires between the question and the answer.
    skew = 11 * 60_000
    form.set('termsAccepted', true)
    const stale = await form.confirmTerms()
    expect(stale?.error?.code).toBe('invalid_credentials')
    expect(form.$state.get().errors[formError]).toEqual({ key: 'auth_social_terms_again' })
    expect(form.$termsAsked.get()).not.toBeNull()
    expect(await linked(sub)).toBe(0)

    // The next "Continue" opens the provider's window again and sends the box with the fresh proof.
    idp.next = [token(sub, 30 * 60)]
    const done = await form.confirmTerms()
    expect(done?.data?.token).toBeTruthy()
    expect(idp.trips).toBe(2)
    expect(await linked(sub)).toBe(1)
  })

  it('signs an existing linked member straight in, with no question', async () => {
    const sub = `g-${crypto.randomUUID()}`
    idp.next = [token(sub)]
    const first = createLoginForm()
    expect((await first.byProvider('google'))?.error?.code).toBe('terms_required')
    first.set('termsAccepted', true)
    expect((await first.confirmTerms())?.data).toBeTruthy()

    clearSession()
    idp.next = [token(sub)]
    const again = createLoginForm()
    const result = await again.byProvider('google')
    expect(result?.data?.firstTimeLogin).toBe(false)
    expect(again.$termsAsked.get()).toBeNull()
  })
})
