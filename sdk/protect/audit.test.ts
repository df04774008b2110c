import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { createMember } from '../../sandbox/auth/accounts.ts'
import { createSession } from '../../sandbox/auth/sessions.ts'
import { hashPassword, testCost } from '../../sandbox/auth/password.ts'
import type { EndpointKey, ProtectState } from '../contract/index.ts'
import { $locale, type Messages, translator } from '../i18n/index.ts'
import { rawTextFindings } from '../../tests/support/raw-text.ts'
import { auditDetail } from './audit.ts'

// The responsible gaming page's record of changes, as the platform records them and the page words
// them: the limit's name and amounts as money, never "deposit day 155000 -> 500000".
const { sb, c } = sandboxForFile()
const call = async (k: EndpointKey, input: unknown, token: string) => (await c.raw(k, input, { token })) as { body: { success: boolean; value: any } }
const messages = (lang: 'en' | 'es'): Messages =>
  Object.assign({}, ...readdirSync(join('locales', lang)).map((f) => JSON.parse(readFileSync(join('locales', lang, f), 'utf8')))) as Messages

describe('the record of protection changes', () => {
  it('names each limit and shows its amounts as money, the reality check answer and a break in words, in English and Spanish', async () => {
    const row = await createMember(sb.db, { username: `au${Date.now() % 100000}`, type: 0, isAgent: 0, passwordHash: await hashPassword('pass1234', testCost) }, Date.now())
    const token = await createSession(sb.db, row.id, Date.now(), '127.0.0.1')
    for (const input of [
      { kind: 'deposit', period: 'day', amount: 1_550_00 },
      { kind: 'deposit', period: 'day', amount: 5_000_00 },
      { kind: 'loss', period: 'day', amount: 200_00 },
    ])
      expect((await call('protectSetLimit', input, token)).body.success).toBe(true)
    expect((await call('protectSetSessionLimit', { minutes: 90 }, token)).body.success).toBe(true)
    expect((await call('protectReality', { minutes: 30 }, token)).body.success).toBe(true)
    expect((await call('protectRealityAnswer', { answer: 'continue' }, token)).body.success).toBe(true)
    const state = (await call('protectState', {}, token)).body.value as ProtectState

    $locale.set('en')
    const en = state.audit.map((a) => auditDetail(a, translator(messages('en'), 'en')))
    expect(en).toEqual([
      expect.stringMatching(/^Kept playing after \d+ minutes, net result ₱0\.00$/),
      'Every 30 minutes',
      'Session time limit: No limit → 90 minutes',
      'Daily loss limit: No limit → ₱200.00',
      'Daily deposit limit: ₱1,550.00 → ₱5,000.00',
      'Daily deposit limit: No limit → ₱1,550.00',
    ])
    $locale.set('es')
    const es = state.audit.map((a) => auditDetail(a, translator(messages('es'), 'es')))
    expect(es[4]).toBe('Límite diario de depósito: 1.550,00\u00a0₱ → 5.000,00\u00a0₱')
    for (const text of [...en, ...es]) expect({ text, found: rawTextFindings(text) }).toEqual({ text, found: [] })
    $locale.set('en')
  })

  it('words a break with its length and end, and says nothing for an entry recorded without facts', () => {
    const t = translator(messages('en'), 'en')
    expect(auditDetail({ action: 'timeout', facts: { duration: '24h', until: Date.UTC(2026, 11, 6, 13) } }, t)).toMatch(/^24 hours, until .*2026/)
    expect(auditDetail({ action: 'limit_set' }, t)).toBe('')
  })
})
