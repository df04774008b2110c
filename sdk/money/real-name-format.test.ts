import { beforeAll, describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { createMember } from '../../sandbox/auth/accounts.ts'
import { hashPassword, testCost } from '../../sandbox/auth/password.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { $token } from '../stores/session.ts'
import { createRealNameForm } from './index.ts'

// SPEC §3/§7: the real name must match the bank account name, or a withdrawal is impossible; a badly
// formatted one is refused with "real name format incorrect" under the field, by the form's check
// (the contract's schema) and by the platform (a real sandbox), and nothing is saved.

const { sb, c } = sandboxForFile()
const username = `rn${Date.now() % 100000}`
beforeAll(async () => {
  await createMember(sb.db, { username, type: 0, isAgent: 0, passwordHash: await hashPassword('pass1234', testCost) }, Date.now())
  await signInCounting(sb, username, 'pass1234')
})

const savedName = async () =>
  (await sb.db.query<{ real_name: string }>('SELECT p.real_name FROM money_profiles p JOIN members m ON m.id = p.member_id WHERE m.username = $1', [username]))[0]?.real_name ?? ''

describe('real name format incorrect', () => {
  it.each(['J', '7even', 'Juan 2nd', 'Juan_Cruz', 'juan@cruz', 'Juan  -', 'x'.repeat(61)])('refuses %j in the form and on the platform, and saves nothing', async (realName) => {
    // Whatever an earlier test saved (the tests may run in any order) stays as it was.
    const before = await savedName()
    const form = createRealNameForm()
    form.set('realName', realName)
    await form.submit()
    expect(form.$state.get().errors.realName?.key).toBe('err_real_name_format')
    expect(form.$state.get().review).toBeNull()

    const reply = (await c.raw('setRealName', { realName }, { token: $token.get() })).body as { code: string; fields?: Record<string, string> }
    expect(reply.code).toBe('validation_failed')
    expect(reply.fields).toEqual({ realName: 'err_real_name_format' })
    expect(await savedName()).toBe(before)
  })

  it('still takes a well formed name, capitalised as the bank prints it', async () => {
    const reply = (await c.raw('setRealName', { realName: "maría o'neil-santos" }, { token: $token.get() })).body as { code: string; value: { realName: string } }
    expect(reply.value.realName).toBe("María O'neil-santos")
  })
})
