import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../testkit.ts'
import { signIdToken } from '../../auth/idp.ts'
import { setFlag } from '../../auth/testkit.ts'

// A first Google or Facebook sign-in creates an account, so it needs what a registration needs: the
// player's confirmation of the minimum age and the terms. Without it an under-age player could get an
// account by signing in with a social identity.
const { sb, c } = sandboxForFile()

const token = (sub: string, provider: 'google' | 'facebook' = 'google') =>
  signIdToken({ provider, sub, name: 'New Player', email: `${sub}@example.test`, exp: Math.floor(Date.now() / 1000) + 600 })

const login = (provider: 'google' | 'facebook', idToken: string, terms?: true, ip = '10.61.0.1') =>
  c.raw('login', { type: 'thirdparty', provider, idToken, ...(terms ? { termsAccepted: terms } : {}) }, { ip })

/** What exists for a social identity: its links and the members behind them. */
async function traces(provider: string, sub: string) {
  const links = await sb.db.query<{ member_id: string }>('SELECT member_id FROM member_identities WHERE provider = $1 AND sub = $2', [provider, sub])
  const members = await sb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM members WHERE email = $1', [`${sub}@example.test`])
  return { links: links.length, members: members[0].n }
}

const setPolicy = async (body: Record<string, unknown>) =>
  (await fetch(`${sb.url}/sandbox/admin/registration`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()

describe('a first social sign-in needs the age and terms confirmation', () => {
  it('refuses a new identity without the confirmation, naming the minimum age, and creates nothing', async () => {
    await setFlag(sb.url, 'GOOGLELOGIN3', true)
    await setPolicy({ minimumAge: 21 })
    try {
      const sub = `g-${crypto.randomUUID()}`
      const refused = await login('google', token(sub))
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({ success: false, code: 'terms_required', value: { minimumAge: 21 }, fields: { terms: 'auth_terms_required' } })
      expect(refused.body.message).toContain('21')
      expect(await traces('google', sub)).toEqual({ links: 0, members: 0 })
    } finally {
      await setPolicy({ minimumAge: 18 })
    }
  })

  it('creates the account when the same proof comes back with the confirmation', async () => {
    await setFlag(sb.url, 'FBLOGIN3', true)
    const sub = `f-${crypto.randomUUID()}`
    const idToken = token(sub, 'facebook')
    expect((await login('facebook', idToken)).body.code).toBe('terms_required')
    const created = await login('facebook', idToken, true)
    expect(created.body.code).toBe('ok')
    expect(created.body.value).toMatchObject({ firstTimeLogin: true })
    expect((created.body.value as { userName: string }).userName).toMatch(/^fb\d{8}$/)
    expect(await traces('facebook', sub)).toEqual({ links: 1, members: 1 })
  })

  it('signs an existing linked member in as before, without the confirmation', async () => {
    await setFlag(sb.url, 'GOOGLELOGIN3', true)
    const sub = `g-${crypto.randomUUID()}`
    const first = await login('google', token(sub), true)
    expect(first.body.code).toBe('ok')
    const again = await login('google', token(sub))
    expect(again.body.code).toBe('ok')
    expect(again.body.value).toMatchObject({ userName: (first.body.value as { userName: string }).userName, firstTimeLogin: false })
  })

  it('a proof replayed with the confirmation, even at once, makes one account and no more', async () => {
    await setFlag(sb.url, 'GOOGLELOGIN3', true)
    const sub = `g-${crypto.randomUUID()}`
    const idToken = token(sub)
    const replies = await Promise.all([1, 2, 3].map((n) => login('google', idToken, true, `10.62.0.${n}`)))
    const names = new Set(replies.map((r) => (r.body.value as { userName?: string } | undefined)?.userName).filter(Boolean))
    expect(replies.some((r) => r.body.code === 'ok')).toBe(true)
    expect(names.size).toBe(1)
    expect(await traces('google', sub)).toEqual({ links: 1, members: 1 })
  })

  it('still refuses a forged proof, confirmation or not', async () => {
    await setFlag(sb.url, 'GOOGLELOGIN3', true)
    const forged = await login('google', 'eyJ4IjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', true)
    expect([forged.status, forged.body.code]).toEqual([401, 'invalid_credentials'])
  })
})
