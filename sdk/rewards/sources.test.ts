import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { createMember } from '../../sandbox/auth/accounts.ts'
import { createSession } from '../../sandbox/auth/sessions.ts'
import { hashPassword, testCost } from '../../sandbox/auth/password.ts'
import { awardSources } from '../contract/rewards.ts'
import { $locale, type Messages, translator } from '../i18n/index.ts'
import { rawTextFindings } from '../../tests/support/raw-text.ts'
import { missionFigures } from './progress.ts'
import { sourceMessage } from './sources.ts'

// The reward pages name a mission by its name, not its id, and show a mission's figures as money or
// as a count, never as minor units.
const { sb, c } = sandboxForFile()
const messages = (lang: 'en' | 'es'): Messages =>
  Object.assign({}, ...readdirSync(join('locales', lang)).map((f) => JSON.parse(readFileSync(join('locales', lang, f), 'utf8')))) as Messages

describe('reward texts', () => {
  it('show the platform’s missions as money or counts, by name', async () => {
    const row = await createMember(sb.db, { username: `rs${Date.now() % 100000}`, type: 0, isAgent: 0, passwordHash: await hashPassword('pass1234', testCost) }, Date.now())
    const token = await createSession(sb.db, row.id, Date.now(), '127.0.0.1')
    const { body } = (await c.raw('rewardMissions', {}, { token })) as {
      body: { value: { missions: { id: string; title: string; progress: number; target: number; unit?: 'count' | 'money' }[] } }
    }
    const missions = body.value.missions
    // The seeded missions count rounds and add up stakes: both kinds are shown.
    expect(new Set(missions.map((m) => m.unit))).toEqual(new Set(['count', 'money']))
    for (const lang of ['en', 'es'] as const) {
      $locale.set(lang)
      const t = translator(messages(lang), lang)
      const titles = new Map(missions.map((m) => [m.id, m.title]))
      for (const m of missions) {
        const progress = t('rewards_mission_progress', missionFigures(m))
        const source = sourceMessage('mission', m.id, titles)
        const named = t(source.key, source.params)
        expect({ progress, found: rawTextFindings(progress) }).toEqual({ progress, found: [] })
        expect(named).toContain(m.title)
        expect(named).not.toContain(m.id)
      }
    }
    $locale.set('en')
    expect(missionFigures({ progress: 24_000, target: 50_000, unit: 'money' })).toEqual({ progress: '₱240.00', target: '₱500.00' })
    expect(missionFigures({ progress: 12_000, target: 50_000, unit: 'count' })).toEqual({ progress: '12,000', target: '50,000' })
  })

  it('word every source without an id, also a mission no longer listed', () => {
    const t = translator(messages('en'), 'en')
    const shown = awardSources.map((s) => {
      const { key, params } = sourceMessage(s, s === 'points' ? '12500' : s === 'rank' ? '3' : s === 'rebate' ? '' : 'N-PR-001', new Map())
      return t(key, params)
    })
    expect(shown.flatMap((text) => rawTextFindings(text))).toEqual([])
    expect(shown).toContain('Mission reward')
    expect(shown).toContain('12,500 points converted')
  })
})
