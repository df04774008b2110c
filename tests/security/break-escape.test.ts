import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { signIdToken } from '../../sandbox/auth/idp.ts'
import { login, setFlag } from '../../sandbox/auth/testkit.ts'
import { freshMobile, readyToWithdraw, register, signUp, type Player } from './player.ts'

// A break escaped through a new account (issue #36, item 5), replayed over HTTP: while self-excluded,
// the player signs up again with the same email and a new mobile, or signs in with Google or Facebook
// for the first time. A break binds the person: every such way in is refused with one plain answer.
const { sb, c } = sandboxForFile()

let n = 0
const name = (prefix: string) => `${prefix}${Date.now() % 100000}${++n}`
const nextIp = () => `192.0.2.${++n}`

/** Google or Facebook vouching for the player's own identity there (the dev provider signs in-process). */
const idToken = (provider: 'google' | 'facebook', email: string) =>
  signIdToken({ provider, sub: `${provider}-${crypto.randomUUID()}`, name: 'Same Person', email, exp: Math.floor(Date.now() / 1000) + 600 })
const socialSignIn = (provider: 'google' | 'facebook', email: string) =>
  c.raw('login', { type: 'thirdparty', provider, idToken: idToken(provider, email), termsAccepted: true }, { ip: nextIp() })

async function selfExclude(p: Player): Promise<void> {
  const r = await p.call('protectBreak', { kind: 'self_exclusion', duration: '6m', confirm: true })
  expect(r.body.code, r.body.message).toBe('ok')
}

describe('a break binds the person', () => {
  it('refuses a new account with the same email and a new mobile, with one plain answer', async () => {
    const email = `${name('same')}@example.test`
    await selfExclude(await signUp(c, name('brk'), nextIp(), { email }))
    const again = await register(c, name('esc'), nextIp(), { email: email.toUpperCase(), mobileNum: freshMobile() })
    expect(again.status).toBe(403)
    expect(again.body).toMatchObject({ success: false, code: 'person_on_break' })
    // The answer says nothing of what matched, nor of the break's end.
    expect(again.body.value ?? null).toBeNull()
    expect(again.body.message).not.toContain(email)
  })

  it('refuses a first Google or Facebook sign-in with the email of a person on a break, and makes no account', async () => {
    await setFlag(sb.url, 'GOOGLELOGIN3', true)
    await setFlag(sb.url, 'FBLOGIN3', true)
    const email = `${name('soc')}@example.test`
    await selfExclude(await signUp(c, name('brk'), nextIp(), { email }))
    for (const provider of ['google', 'facebook'] as const) {
      const r = await socialSignIn(provider, email)
      expect(r.body.code, provider).toBe('person_on_break')
    }
    const [{ n: accounts }] = await sb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM members WHERE lower(email) = $1', [email])
    expect(accounts).toBe(1)
  })

  it('refuses the login of another account of the same person, and a payout account of theirs added elsewhere', async () => {
    const email = `${name('two')}@example.test`
    const ip = nextIp()
    // Two accounts made before the break, sharing the email.
    const first = await signUp(c, name('one'), ip, { email })
    const second = await signUp(c, name('two'), nextIp(), { email })
    await readyToWithdraw(first, '7788990011')
    await selfExclude(first)
    const other = await login(c, sb.url, second.username, 'secret12', { ip: nextIp() })
    expect(other.body).toMatchObject({ code: 'account_excluded', value: { kind: 'self_exclusion' } })
    // The second account's live session ended with the break.
    expect((await second.call('memberInfo', {})).status).toBe(401)
    // A third account, unrelated by email or number, cannot take on the excluded person's bank account.
    const third = await signUp(c, name('thr'), nextIp())
    expect((await third.call('setRealName', { realName: 'Juan Dela Cruz' })).body.code).toBe('ok')
    const added = await third.call('addPayoutAccount', { kind: 'bank', provider: 'BDO', accountNo: '7788990011' })
    expect(added.body.code).toBe('person_on_break')
  })
})
