/**
 * No page shows a player a message key, a platform id or an amount in minor units: a fresh member
 * plays, claims a mission and changes limits, then reads missions, the reward centre, the
 * responsible gaming record, profit and loss and the point mall, in English and Spanish.
 */
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator } from 'playwright/test'
import { test, expect as baseExpect } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { createMember } from '../../sandbox/auth/accounts.ts'
import { createSession } from '../../sandbox/auth/sessions.ts'
import { creditMember } from '../../sandbox/ledger.ts'
import { playRound } from '../../sandbox/games/rounds.ts'
import { gameTypes } from '../../sdk/contract/games.ts'
import { rawTextFindings } from '../support/raw-text.ts'
import { clientFor } from './session.ts'

test.describe.configure({ timeout: 300_000 })
test.beforeEach(async ({ page }) => skipNoticePopup(page))
const expect = baseExpect.configure({ timeout: 30_000 })
const firstLoad = { timeout: 60_000 }

const messagesOf = (lang: string): Record<string, string> =>
  Object.assign({}, ...readdirSync(join('locales', lang)).map((f) => JSON.parse(readFileSync(join('locales', lang, f), 'utf8')) as Record<string, string>))

/** What the player reads in `region`, with nothing a player should not see. */
async function expectPlain(region: Locator, page: string): Promise<void> {
  const text = await region.innerText()
  const codes = gameTypes.filter((code) => new RegExp(`\\b${code}\\b`).test(text))
  expect({ page, found: rawTextFindings(text), codes }).toEqual({ page, found: [], codes: [] })
}

for (const lang of ['en', 'es'] as const) {
  const m = messagesOf(lang)
  const root = lang === 'en' ? '' : '/es'

  test(`${lang}: missions, rewards, the responsible gaming record, profit and loss and the point mall show no key, id or minor units`, async ({ page, app }) => {
    const username = `pt${randomUUID().slice(0, 8)}`
    const row = await createMember(app.db, { username, type: 0, isAgent: 0, passwordHash: null }, Date.now())
    await creditMember(app.db, row.id, 500_00, { idempotencyKey: `seed:${row.id}` })
    const token = await createSession(app.db, row.id, Date.now(), '127.0.0.1')
    await page.addInitScript(
      (s) => {
        if (sessionStorage.getItem('token')) return
        sessionStorage.setItem('token', JSON.stringify(s.token))
        sessionStorage.setItem('account', JSON.stringify(s.username))
        sessionStorage.setItem('isAgent', '0')
      },
      { token, username },
    )
    // Ten settled slot rounds (the daily rounds mission completes; the stake missions move in money).
    const [g] = await app.db.query<{ node_id: string; min_bet: number }>("SELECT node_id, min_bet FROM games WHERE game_type = 'RNG' ORDER BY node_id LIMIT 1")
    for (let i = 0; i < 10; i++) {
      await playRound(
        app.db,
        { player: { id: row.id, username }, game: { nodeId: g.node_id, gameType: 'RNG', minBet: Number(g.min_bet) }, stake: 10_00, idempotencyKey: randomUUID() },
        Date.now(),
      )
    }
    // Limits set, lowered and raised, as the record then lists them.
    const api = clientFor(app.url, token)
    await api.api('protectSetLimit', { kind: 'loss', period: 'day', amount: 200_00 })
    await api.api('protectSetLimit', { kind: 'deposit', period: 'day', amount: 1_550_00 })
    await api.api('protectSetLimit', { kind: 'deposit', period: 'day', amount: 5_000_00 })

    await page.goto(`${root}/`)
    const header = page.locator('header')
    await header.getByRole('button', { name: m.shell_menu }).click(firstLoad)
    await header.getByRole('button', { name: m.shell_menu_member_centre, exact: true }).click()
    const centre = page.getByRole('dialog', { name: m.shell_menu_member_centre })
    const open = async (key: string): Promise<Locator> => {
      await centre
        .getByRole('navigation')
        .getByRole('button', { name: new RegExp(`^${m[key]}`) })
        .click(firstLoad)
      return centre.getByRole('region', { name: m[key], exact: true })
    }

    const missions = await open('centre_member_missionLeaderboard')
    const done = missions.getByRole('listitem').filter({ hasText: lang === 'en' ? 'Play 10 rounds today' : 'Juega 10 rondas hoy' })
    await expect(done.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', firstLoad)
    await done.getByRole('button', { name: new RegExp(m.rewards_claim) }).click()
    await expect(done.getByText(m.rewards_state_claimed)).toBeVisible()
    await expectPlain(missions, 'missions')

    const rewards = await open('centre_member_rewardCenter')
    await expect(rewards.getByText(lang === 'en' ? /Mission: Play 10 rounds today/ : /Misión: Juega 10 rondas hoy/).first()).toBeVisible(firstLoad)
    await expectPlain(rewards, 'reward centre')

    const rg = await open('centre_member_responsibleGaming')
    const audit = rg.getByRole('region', { name: m.rg_audit_title })
    await expect(audit.getByText(new RegExp(`^${m.rg_day_deposit}: ${lang === 'en' ? '₱1,550\\.00 → ₱5,000\\.00' : '1\\.550,00\\s₱ → 5\\.000,00\\s₱'}$`))).toBeVisible(firstLoad)
    await expectPlain(audit, 'responsible gaming record')

    const profit = await open('centre_member_personalProfit')
    await expect(profit.getByRole('rowheader', { name: m.shell_category_rng, exact: true })).toBeVisible(firstLoad)
    await expectPlain(profit, 'profit and loss')

    // The point mall without a payment password says to set one, and opens where to.
    await page.goto(`${root}/pointMall`)
    await page
      .getByRole('button', { name: new RegExp(`^${m.rewards_mall_redeem} `) })
      .first()
      .click(firstLoad)
    const note = page.getByRole('note').filter({ hasText: m.rewards_need_pay_password })
    await expect(note).toBeVisible()
    await expectPlain(page.locator('main'), 'point mall')
    await note.getByRole('button', { name: m.rewards_set_pay_password }).click()
    await expect(centre.getByRole('region', { name: m.centre_member_securityCenter, exact: true }).getByLabel(m.money_pay_password_new, { exact: true })).toBeVisible(firstLoad)
  })
}
