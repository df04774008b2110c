import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { requests, type EndpointKey } from '../../sdk/contract/all.ts'
import { rewardRoutes } from '../../sdk/contract/routes/rewards.ts'
import { rawTextFindings } from '../support/raw-text.ts'

// No page shows a message key, a platform id or minor units: the texts a form can show must be in a
// namespace its page loads, and no locale text carries one itself.

const namespaceOf = (lang: string, ns: string) => JSON.parse(readFileSync(join('locales', lang, `${ns}.json`), 'utf8')) as Record<string, string>
const allOf = (lang: string) => Object.assign({}, ...readdirSync(join('locales', lang)).map((f) => namespaceOf(lang, f.replace(/\.json$/, '')))) as Record<string, string>

/** The message keys a schema can answer with (valibot keeps each check's message on the check). */
function messageKeys(schema: unknown, seen = new Set<unknown>()): Set<string> {
  const keys = new Set<string>()
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return
    seen.add(node)
    const { message } = node as { message?: unknown }
    if (typeof message === 'string' && /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(message)) keys.add(message)
    for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value)
  }
  walk(schema)
  return keys
}

describe('texts a player can be shown', () => {
  it('recognises message keys, ids and minor units, and lets formatted figures through', () => {
    for (const raw of ['money_err_pay_password_format', '24000 / 50000', 'Mission M-DAILY-ROUNDS', 'net -17000', 'loss day - -> 20000', 'deposit day 155000 -> 500000']) {
      expect({ raw, found: rawTextFindings(raw).length > 0 }).toEqual({ raw, found: true })
    }
    for (const shown of [
      '₱1,193.00',
      '1.193,00\u00a0₱',
      '-₱0.50',
      '50.000\u00a0₫',
      '₫1,500,000',
      'Daily deposit limit: ₱1,550.00 → ₱5,000.00',
      '05/12/2026 13:00',
      'from 127.0.0.1',
      '••••••7890',
      'Step 1 of 3',
    ]) {
      expect({ shown, found: rawTextFindings(shown) }).toEqual({ shown, found: [] })
    }
  })

  it('every message key a request can be refused with has a text in English and Spanish', () => {
    const en = allOf('en')
    const es = allOf('es')
    const missing: string[] = []
    for (const [endpoint, schema] of Object.entries(requests)) {
      for (const key of messageKeys(schema)) if (!(key in en) || !(key in es)) missing.push(`${endpoint}: ${key}`)
    }
    expect(missing).toEqual([])
  })

  it.each(['en', 'es'])('%s: the reward pages (common, shell and rewards texts only) can word every refusal of their forms', (lang) => {
    // The point mall page loads these namespaces and no others (site/pages/[...locale]/pointMall.astro).
    const loaded = { ...namespaceOf(lang, 'common'), ...namespaceOf(lang, 'shell'), ...namespaceOf(lang, 'rewards') }
    const unworded: string[] = []
    for (const endpoint of Object.keys(rewardRoutes) as EndpointKey[]) {
      for (const key of messageKeys(requests[endpoint])) if (!(key in loaded)) unworded.push(`${endpoint}: ${key}`)
    }
    expect(unworded).toEqual([])
  })

  it.each(['en', 'es'])('%s: no text carries a message key, an id or minor units itself', (lang) => {
    const all = allOf(lang)
    // Figures that are not money: an example of a weak password, and the longest session in minutes as its field's rule says it.
    const meant: Record<string, string> = { err_field_weak: '123456', rg_session_minutes: '1440' }
    const bad = Object.entries(all)
      .map(([key, text]) => ({ key, found: rawTextFindings(text.replace(/\{\w+\}/g, 'X')).filter((f) => f.text !== meant[key]) }))
      .filter((r) => r.found.length > 0)
    expect(bad).toEqual([])
  })
})
