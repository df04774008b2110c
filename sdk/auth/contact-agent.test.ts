import { afterAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { devSliderTarget, sliderAnswer } from '../../sandbox/auth/testkit.ts'
import { createMember } from '../../sandbox/auth/accounts.ts'
import { hashPassword, testCost } from '../../sandbox/auth/password.ts'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { closeAuth, createLoginForm } from './index.ts'
import { $sliderPrompt, answerSlider } from './slider.ts'

// SPEC §7 "contact your agent": a member of an agent's line whose account is locked cannot sign in,
// and the one who can help is their agent (who opened and funds the account), not customer service.
// The platform (a real sandbox) refuses with `contact_agent`; the login form shows `err_contact_agent`.
// A locked account with no agent above it is still sent to customer service.
const sandbox = await startSandbox()
afterAll(() => sandbox.close())

let n = 0
async function lockedMember(uplineId: string | null) {
  const username = `ca${Date.now() % 100000}${n++}`
  const row = await createMember(sandbox.db, { username, type: 0, isAgent: 0, uplineId, passwordHash: await hashPassword('pass1234', testCost) }, Date.now())
  await sandbox.db.query("UPDATE members SET locked_at = $2, lock_reason = 'Held' WHERE id = $1", [row.id, Date.now()])
  return username
}

async function signIn(username: string) {
  configure({ baseURL: sandbox.url, storage: createStorage() })
  closeAuth()
  const stop = $sliderPrompt.listen((challenge) => {
    if (challenge) void devSliderTarget(sandbox.url, challenge.challengeId).then((position) => answerSlider(sliderAnswer(challenge.challengeId, position)))
  })
  const login = createLoginForm()
  login.set('username', username)
  login.set('password', 'pass1234')
  const result = await login.submit()
  stop()
  return result?.error
}

describe('contact your agent', () => {
  it('refuses a locked member of an agent line with "contact your agent"', async () => {
    const agent = await createMember(sandbox.db, { username: `cag${Date.now() % 100000}`, type: 1, isAgent: 1, passwordHash: null }, Date.now())
    const error = await signIn(await lockedMember(agent.id))
    expect(error?.code).toBe('contact_agent')
    expect(error?.messageKey).toBe('err_contact_agent')
  })

  it('sends a locked member with no agent to customer service, as before', async () => {
    expect((await signIn(await lockedMember(null)))?.code).toBe('account_suspended')
  })
})
